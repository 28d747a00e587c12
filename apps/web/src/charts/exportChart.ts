/** Export of a chart as SVG, PNG and CSV files. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function svgText(svg: SVGSVGElement, title: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  t.textContent = title;
  clone.insertBefore(t, clone.firstChild);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(clone);
}

export function exportSvg(svg: SVGSVGElement, title: string, filename: string): void {
  downloadBlob(new Blob([svgText(svg, title)], { type: 'image/svg+xml' }), filename);
}

/** Renders the SVG onto a canvas at 2× for a crisp PNG (projector slides, papers). */
export async function svgToPng(svg: SVGSVGElement, title: string, scale = 2): Promise<Blob> {
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  const url = URL.createObjectURL(new Blob([svgText(svg, title)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('could not render the chart'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = w * scale;
    canvas.height = h * scale;
    const ctx = canvas.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, w, h);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function exportPng(svg: SVGSVGElement, title: string, filename: string): Promise<void> {
  downloadBlob(await svgToPng(svg, title), filename);
}

export function exportCsv(csv: string, filename: string): void {
  downloadBlob(new Blob([csv], { type: 'text/csv' }), filename);
}
