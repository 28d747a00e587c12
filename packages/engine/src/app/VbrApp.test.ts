import { describe, expect, it } from 'vitest';
import { Simulator } from '../core/Simulator.js';
import { Random } from '../core/Random.js';
import type { CongestionSnapshot, FlowSender } from '../transport/Transport.js';
import { resolveParams } from '../model/params.js';
import { findAppModel } from './index.js';
import { VbrApp } from './VbrApp.js';

class CountingSender implements FlowSender {
  writes: number[] = [];
  write(bytes: number): void {
    this.writes.push(bytes);
  }
  start(): void {}
  stop(): void {}
  congestion(): CongestionSnapshot | null {
    return null;
  }
  receive(): void {}
}

function run(params: Record<string, unknown>, seconds: number, trace?: number[]) {
  const sim = new Simulator(7);
  const sender = new CountingSender();
  const p = resolveParams(findAppModel('vbr')!.info.params, params, 'app', []);
  const app = new VbrApp({ sim, sender, params: p, random: new Random(7, 'vbr') }, trace);
  app.start();
  sim.run(seconds * 1e9 - 1);
  return { app, sender };
}

describe('VBR video source', () => {
  it('averages the configured rate with I frames larger than P frames', () => {
    const { app, sender } = run({ rate: '512kbps', fps: 25, gop: 12, iRatio: 4, cv: 0.4, packetSize: '1500B' }, 200);
    const rate = (app.bytesGenerated * 8) / 200;
    expect(rate / 512e3).toBeGreaterThan(0.95);
    expect(rate / 512e3).toBeLessThan(1.05);
    expect(Math.max(...sender.writes)).toBeLessThanOrEqual(1500);
  });

  it('produces frames of the model sizes (cv 0 gives exact I and P sizes)', () => {
    const { app } = run({ rate: '480kbps', fps: 10, gop: 3, iRatio: 4, cv: 0 }, 0.01);
    // mean frame 6000 B; P = 6000·3/(4+2) = 3000, I = 12000
    const sizes = [app.nextFrameBytes(), app.nextFrameBytes(), app.nextFrameBytes()];
    expect(sizes).toEqual([3000, 3000, 12000]);
  });

  it('replays an imported frame-size trace scaled to the mean rate', () => {
    const { app } = run({ rate: '80kbps', fps: 10, scaleTrace: true }, 0.01, [500, 1500]);
    // mean trace frame 1000 B; target mean frame 80e3/(8·10) = 1000 B → no scaling
    expect([app.nextFrameBytes(), app.nextFrameBytes()]).toEqual([1500, 500]);
  });
});
