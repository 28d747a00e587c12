import { describe, expect, it } from 'vitest';
import { PortBench } from './portTestKit.js';
import type { QueueDisc } from './QueueDisc.js';
import { HoldUntilQueueDisc } from '../queue/queueTestKit.js';
import type { BsDownlinkPort } from '../router/bs/BsDownlinkPort.js';

const MS = 1e6;
/** A port that sends only in the windows the test grants (a base station's downlink). */
const windowed = (disc?: QueueDisc) =>
  new PortBench<BsDownlinkPort>({ channel: { type: 'rayleigh' }, bsDownlink: true, delayNs: 0, disc });

describe('a granted port (time-varying transmitter)', () => {
  it('sends only inside its windows, at the window rate, finishing a cut packet in the next window', () => {
    const b = windowed();
    // 8 Mb/s: a 1000-byte packet takes 1 ms
    for (let i = 0; i < 3; i++) b.send(0, 1000);
    b.runUntil(1 * MS);
    expect(b.deliveries).toEqual([]); // no window yet: everything waits
    b.port.grantWindow(3.5 * MS, 8e6); // window [1, 3.5) ms
    b.runUntil(10 * MS);
    // A leaves at 2, B at 3, C has 500 of its 1000 bytes out when the window closes
    expect(b.deliveredAtMs()).toEqual([2, 3]);
    expect(b.port.backlogPackets).toBe(1);
    expect(b.port.backlogBytes).toBe(500);
    b.port.grantWindow(15 * MS, 8e6); // window [10, 15) ms
    b.send(11 * MS, 1000); // D arrives while the transmitter is idle inside the window
    b.send(14.6 * MS, 1000); // E: 0.4 ms of window left, 400 of its bytes go out
    b.runUntil(20 * MS);
    expect(b.deliveredAtMs()).toEqual([2, 3, 10.5, 12]);
    expect(b.port.backlogBytes).toBe(600);
    // then a window at another rate: E's last 600 bytes at 4.8 Mb/s take 1 ms
    b.port.grantWindow(30 * MS, 4.8e6);
    b.runUntil(30 * MS);
    expect(b.deliveredAtMs()).toEqual([2, 3, 10.5, 12, 21]);
    expect(b.port.servedBytes).toBe(5000);
  });

  it('stops when the window is revoked', () => {
    const b = windowed();
    for (let i = 0; i < 5; i++) b.send(0, 1000);
    b.port.grantWindow(100 * MS, 8e6);
    b.runUntil(2.5 * MS);
    b.port.revokeWindow();
    b.runUntil(50 * MS);
    // packets 1 and 2 finished at 1 and 2 ms; the third started at 2 ms and still leaves at 3
    expect(b.deliveredAtMs()).toEqual([1, 2, 3]);
  });

  it('wakes for a pacer that holds its packets inside a window', () => {
    const hold = new HoldUntilQueueDisc(4 * MS);
    const b = windowed(hold);
    b.send(0, 1000);
    b.port.grantWindow(10 * MS, 8e6);
    b.runUntil(20 * MS);
    // held until 4 ms (the port asked the discipline when, and came back then), sent by 5 ms
    expect(b.deliveredAtMs()).toEqual([5]);
    // held past the window's end: it waits for the next window
    const late = new HoldUntilQueueDisc(12 * MS);
    const c = windowed(late);
    c.send(0, 1000);
    c.port.grantWindow(10 * MS, 8e6);
    c.runUntil(20 * MS);
    expect(c.deliveries).toEqual([]);
    c.port.grantWindow(30 * MS, 8e6);
    c.runUntil(40 * MS);
    expect(c.deliveredAtMs()).toEqual([21]);
  });

  it('counts the time it transmits as busy time', () => {
    const b = windowed();
    b.send(0, 1000);
    b.send(0, 1000);
    b.port.grantWindow(1.5 * MS, 8e6);
    b.runUntil(10 * MS);
    expect(b.port.busyTimeNs()).toBe(1.5 * MS);
  });
});
