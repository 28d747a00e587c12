import type { AppContext, Application } from './Application.js';
import { num } from '../model/params.js';
import type { AppModel } from './Application.js';

/** Bulk transfer (ns-2 Application/FTP): unlimited data, or `bytes` with a completion time. */
export class BulkApp implements Application {
  constructor(private readonly ctx: AppContext) {}

  start(): void {
    const bytes = num(this.ctx.params, 'bytes');
    this.ctx.sender.start();
    this.ctx.sender.write(bytes > 0 ? bytes : Infinity);
  }

  stop(): void {
    this.ctx.sender.stop();
  }
}

/** Registry entry (docs/models.md, "Traffic sources"). */
export const bulkAppModel: AppModel = {
  requires: (p) => (num(p, 'bytes') > 0 ? 'reliable' : 'backlogged'),
  info: {
    id: 'bulk',
    category: 'app',
    name: 'Bulk transfer',
    description: 'FTP-like transfer: unlimited data, or a fixed size with a completion time.',
    citation: 'ns-2 Application/FTP',
    params: [
      {
        key: 'bytes',
        label: 'Transfer size',
        kind: 'number',
        default: 0,
        min: 0,
        max: 1e15,
        unit: 'B',
        description: 'Bytes to transfer; 0 = unlimited.',
      },
    ],
  },
  create: (ctx) => new BulkApp(ctx),
};
