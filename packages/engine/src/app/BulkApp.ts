import type { AppContext, Application } from './Application.js';
import { num } from '../model/params.js';

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
