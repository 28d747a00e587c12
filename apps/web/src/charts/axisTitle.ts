/**
 * The y-axis title of a time-series chart, fitted to the chart's height: one line when it fits,
 * else two (split before the unit, "smoothed RTT" / "(ms)", or at the space nearest the middle),
 * each cut with an ellipsis only if it still does not fit. A short chart (presentation mode at
 * 1024×768 leaves about 100 px) then shows its whole title instead of running it off the canvas.
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

function fitLine(s: string, room: number, width: (s: string) => number): string {
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

/**
 * Draws the y-axis title (rotated, left of the tick labels) on a chart canvas whose context is
 * translated to the plot's corner, and records it on the canvas for tests and assistive tech:
 * `data-y-title` (as drawn) and `data-y-title-span` (where it runs, canvas px, top and bottom).
 */
export function drawYAxisTitle(
  ctx: CanvasRenderingContext2D,
  title: string,
  plotHeight: number,
  canvasHeight: number,
  margin: { top: number; left: number },
  fontPx: number,
): void {
  const lines = axisTitleLines(title, canvasHeight - 4, (s) => ctx.measureText(s).width);
  const width = Math.max(...lines.map((s) => ctx.measureText(s).width));
  const centre = axisTitleCentre(plotHeight, canvasHeight, margin.top, width);
  ctx.save();
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  lines.forEach((line, i) => ctx.fillText(line, -centre, -margin.left + 12 + i * 1.1 * fontPx));
  ctx.restore();
  const dataset = ctx.canvas.dataset;
  dataset['yTitle'] = lines.join(' ');
  dataset['yTitleSpan'] =
    `${(margin.top + centre - width / 2).toFixed(1)} ${(margin.top + centre + width / 2).toFixed(1)}`;
}
