import { afterEach, describe, expect, it, vi } from 'vitest';
import { bench } from './bench.js';

afterEach(() => vi.restoreAllMocks());

// The timed runs themselves are child processes of 100 simulated seconds each (npm run bench);
// these tests cover what is decided before any of them starts.
describe('cclab bench --queues --only', () => {
  it('names an unknown discipline and the known ones, before running anything', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(bench(['--queues', '--only', 'fq-codel,nosuch', '--runs', '1'])).toBe(2);
    const msg = String(err.mock.calls[0]![0]);
    expect(msg).toMatch(/unknown queue discipline "nosuch"/);
    expect(msg).toMatch(/known: .*fq-codel/);
    expect(msg).not.toMatch(/"fq-codel"/);
    expect(out).not.toHaveBeenCalled();
  });

  it('refuses an empty list', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(bench(['--queues', '--only', ','])).toBe(2);
    expect(bench(['--queues', '--only'])).toBe(2);
    expect(String(err.mock.calls[0]![0])).toMatch(/--only: give a comma-separated list/);
    expect(out).not.toHaveBeenCalled();
  });
});
