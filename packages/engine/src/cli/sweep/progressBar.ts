/**
 * A progress line on stderr: a bar, runs and points done, elapsed time and an estimate of the
 * time left (from the pace of the runs this process has done: a resumed sweep's logged runs do
 * not count). Redrawn in place on a terminal; elsewhere (CI logs, files) one line per tenth of the
 * way.
 */
export class ProgressBar {
  private readonly startMs = performance.now();
  private lastTenth = -1;
  private doneHere = 0;

  constructor(
    private readonly totalRuns: number,
    private readonly totalPoints: number,
    private readonly alreadyDone: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(runsDone: number, pointsDone: number): void {
    this.doneHere = runsDone - this.alreadyDone;
    const line = this.line(runsDone, pointsDone);
    if (this.stream.isTTY) this.stream.write(`\r${line}\x1b[K`);
    else {
      const tenth = this.totalRuns > 0 ? Math.floor((runsDone / this.totalRuns) * 10) : 10;
      if (tenth !== this.lastTenth) this.stream.write(line + '\n');
      this.lastTenth = tenth;
    }
  }

  finish(): void {
    if (this.stream.isTTY) this.stream.write('\n');
  }

  private line(runsDone: number, pointsDone: number): string {
    const width = 24;
    const frac = this.totalRuns > 0 ? runsDone / this.totalRuns : 1;
    const filled = Math.round(frac * width);
    const elapsedS = (performance.now() - this.startMs) / 1000;
    const left = this.totalRuns - runsDone;
    const eta = this.doneHere > 0 ? formatSeconds((elapsedS / this.doneHere) * left) : '…';
    return (
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${runsDone}/${this.totalRuns} runs, ` +
      `${pointsDone}/${this.totalPoints} points · ${formatSeconds(elapsedS)} elapsed · ETA ${eta}`
    );
  }
}

export function formatSeconds(s: number): string {
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(sec).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
