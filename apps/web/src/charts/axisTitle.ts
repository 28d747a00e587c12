/**
 * The y-axis title of a time-series chart, fitted to the chart's height: one line when it fits,
 * else two (split before the unit, "smoothed RTT" / "(ms)", or at the space nearest the middle),
 * each cut with an ellipsis only if it still does not fit. A short chart (presentation mode at
 * 1024×768 leaves about 100 px) then shows its whole title instead of running it off the canvas.
 * chartLayout.ts gives the title's lines their room left of the tick labels.
 */
export function axisTitleLines(title: string, room: number, width: (s: string) => number): string[] {
  if (width(title) <= room) return [title];
  const unit = title.lastIndexOf(' (');
  let at = unit > 0 ? unit : -1;
  if (at < 0) {
    const mid = title.length / 2;
    for (let i = title.indexOf(' '); i >= 0; i = title.indexOf(' ', i + 1))
      if (at < 0 || Math.abs(i - mid) < Math.abs(at - mid)) at = i;
  }
  const lines = at > 0 ? [title.slice(0, at), title.slice(at + 1)] : [title];
  return lines.map((l) => fitLine(l, room, width));
}

/** The line as is when it fits `room`, else cut with an ellipsis. */
export function fitLine(s: string, room: number, width: (s: string) => number): string {
  if (width(s) <= room) return s;
  let n = s.length - 1;
  while (n > 1 && width(s.slice(0, n) + '…') > room) n--;
  return s.slice(0, n) + '…';
}

/** Where the title's middle goes along the axis: the plot's middle, kept inside the canvas. */
export function axisTitleCentre(plotHeight: number, canvasHeight: number, top: number, textWidth: number): number {
  const lo = -top + textWidth / 2 + 2;
  const hi = canvasHeight - top - textWidth / 2 - 2;
  return Math.min(Math.max(plotHeight / 2, lo), Math.max(lo, hi));
}
