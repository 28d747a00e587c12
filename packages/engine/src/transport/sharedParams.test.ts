import { describe, expect, it } from 'vitest';
import { transportModels } from './index.js';
import { initialRtoParam } from './sharedParams.js';

describe('parameters shared between transports', () => {
  it('TCP and DCCP CCID 2 offer one initial-RTO definition, whose text names its default', () => {
    const offering = transportModels.filter((m) => m.info.params.some((p) => p.key === 'initialRto'));
    expect(offering.map((m) => m.info.id).sort()).toEqual(['dccp-ccid2', 'tcp']);
    for (const m of offering) expect(m.info.params.find((p) => p.key === 'initialRto')).toBe(initialRtoParam);
    // the default the registry resolves is the ns-2 value the description cites
    expect(initialRtoParam.default).toBe(3);
    expect(initialRtoParam.description).toContain('ns-2: 3 s');
  });
});
