/**
 * Every reproduction entry, by study. One file per figure or table under seed-NNN/; this list
 * only names them. See docs/reproductions.md (generated: `npx cclab reproduce --docs`).
 */
import type { ReproductionSpec } from '../src/reproduction/types.js';
import { seed000Table4344 } from './seed-000/table-4-3-4-4.js';
import { seed000Table5152 } from './seed-000/table-5-1-5-2.js';
import { seed000Table61 } from './seed-000/table-6-1.js';
import { seed000Table63 } from './seed-000/table-6-3.js';
import { seed000Table6465 } from './seed-000/table-6-4-6-5.js';
import { seed000Table6667 } from './seed-000/table-6-6-6-7.js';
import { seed000Ch6Occupancy } from './seed-000/ch6-occupancy.js';
import { seed001Table2 } from './seed-001/table-2.js';
import { seed001Table3 } from './seed-001/table-3.js';
import { seed001Fig45 } from './seed-001/fig-4-5.js';
import { seed001QlbpMechanism } from './seed-001/qlbp-mechanism.js';
import { seed001DelayVsLoad } from './seed-001/delay-vs-load.js';
import { seed002Table42 } from './seed-002/table-4-2.js';
import { seed002Table51 } from './seed-002/table-5-1.js';
import { seed002Ssthresh } from './seed-002/ssthresh.js';
import { seed002Table61 } from './seed-002/table-6-1.js';
import { seed002Table63 } from './seed-002/table-6-3.js';
import { seed002Table65 } from './seed-002/table-6-5.js';
import { seed002Table66 } from './seed-002/table-6-6.js';
import { seed002Table68 } from './seed-002/table-6-8.js';
import { seed003XcpAlone } from './seed-003/xcp-alone.js';
import { seed003Figs7to14 } from './seed-003/figs-7-14.js';
import { seed003Figs15to22 } from './seed-003/figs-15-22.js';
import { seed003Binomial } from './seed-003/figs-23-binomial.js';
import { seed004Fair } from './seed-004/fair.js';
import { seed004Random } from './seed-004/random.js';

export { studies } from './studies.js';

export const reproductions: readonly ReproductionSpec[] = [
  seed000Table4344,
  seed000Table5152,
  seed000Table61,
  seed000Table63,
  seed000Table6465,
  seed000Table6667,
  seed000Ch6Occupancy,
  seed001Table2,
  seed001Table3,
  seed001Fig45,
  seed001QlbpMechanism,
  seed001DelayVsLoad,
  seed002Table42,
  seed002Table51,
  seed002Ssthresh,
  seed002Table61,
  seed002Table63,
  seed002Table65,
  seed002Table66,
  seed002Table68,
  seed003XcpAlone,
  seed003Figs7to14,
  seed003Figs15to22,
  seed003Binomial,
  seed004Fair,
  seed004Random,
];

export function findReproduction(id: string): ReproductionSpec | undefined {
  return reproductions.find((r) => r.id === id);
}
