/**
 * The moving parts of the network view, redrawn in animation frames without React: packets
 * on the wire (a canvas), drops where they happen, queue-bar fills and link shading by
 * utilisation (attributes of the SVG elements). It draws while something moves or changes and
 * sleeps otherwise (frameLoop.ts): a paused network costs no frames.
 */
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../present/PresentationMode';
import { interpolateRgb } from 'd3';
import { useLab } from '../lab';
import { flowColor } from '../palette';
import type { ViewTransform } from '../state/scenarioStore';
import { BACKLOG_STRIDE, FLIGHT_STRIDE } from '../worker/protocol';
import { drawGlyph, reasonStyle } from '../dropStyles';
import { QUEUE_BAR_LENGTH, gaugeScale, lane, queueBarFrame, NODE_RADIUS, type Pt } from './geometry';
import { GLYPH_STRIDE, type LiveView } from '../worker/LiveView';
import { badgeRadius, countLabelFits, linkCounts, packetsAsCounts, shortCount } from './levelOfDetail';
import { frameLoop } from './frameLoop';
import type { PortMeta, RunMeta } from '../worker/protocol';

interface Props {
  svg: React.RefObject<SVGSVGElement | null>;
  /** Size of the view (CSS pixels). */
  size: { w: number; h: number };
  transform: ViewTransform;
  positions: readonly (Pt | undefined)[];
  flowColors: readonly (string | undefined)[];
}

const DROP_MS = 900;
/** How far (wall ms) packets are moved on past the latest frame while waiting for the next one. */
const MAX_AHEAD_MS = 40;
/**
 * How far (world units) drawing can reach beyond the outermost node centres: lanes, queue bars
 * (beside the sending node, `gauge` times their editor size), drops (just past the bar) and ECN
 * marks (a little further).
 */
const reach = (gauge: number) => NODE_RADIUS + 8 + QUEUE_BAR_LENGTH * gauge + 19 + 7 + 12;

/**
 * The part of the view the overlay covers (integer CSS pixels): the network's bounding box,
 * widened by REACH, clipped to the view. The canvas is only as large as that, because every frame
 * its whole bitmap is handed to the compositor (with software rendering, a copy per pixel).
 */
export function overlayBox(
  pos: readonly (Pt | undefined)[],
  t: ViewTransform,
  w: number,
  h: number,
  gauge = 1,
): { x: number; y: number; w: number; h: number } {
  const REACH = reach(gauge);
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of pos) {
    if (!p) continue;
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  if (x0 === Infinity) return { x: 0, y: 0, w: 0, h: 0 };
  const left = Math.max(0, Math.floor(t.x + t.k * (x0 - REACH)));
  const top = Math.max(0, Math.floor(t.y + t.k * (y0 - REACH)));
  const right = Math.min(w, Math.ceil(t.x + t.k * (x1 + REACH)));
  const bottom = Math.min(h, Math.ceil(t.y + t.k * (y1 + REACH)));
  return right > left && bottom > top
    ? { x: left, y: top, w: right - left, h: bottom - top }
    : { x: 0, y: 0, w: 0, h: 0 };
}
const idleLink = '#c3c9d1';
const busyLink = '#1d3557';
const shade = interpolateRgb(idleLink, busyLink);
/** Link shades by utilisation in 64 steps, made once (a colour string per link per frame was garbage). */
const UTIL_SHADES = Array.from({ length: 65 }, (_, i) => shade(i / 64));
const utilColor = (u: number) => UTIL_SHADES[Math.round(Math.min(1, Math.max(0, u)) * 64)]!;

export function queueFillColor(f: number): string {
  return f < 0.5 ? '#009E73' : f < 0.85 ? '#E69F00' : '#D55E00';
}

export function queueFraction(p: PortMeta, packets: number, bytes: number): number {
  const f = Number.isFinite(p.limitPackets)
    ? p.limitPackets > 0
      ? packets / p.limitPackets
      : 0
    : p.limitBytes > 0
      ? bytes / p.limitBytes
      : 0;
  return Math.min(1, Math.max(0, f || 0));
}

/**
 * Link shading by utilisation (the busier direction) and the queue gauges' fill, drawn on the
 * canvas so the SVG underneath never repaints while a run plays. A gauge whose per-flow backlog
 * the frame carries is filled with one segment per flow in the flow's colour (flow order, from
 * the queue's head); otherwise with one colour that warms as the buffer fills.
 */
function drawLinksAndQueues(
  ctx: CanvasRenderingContext2D,
  meta: RunMeta,
  live: LiveView,
  pos: readonly (Pt | undefined)[],
  colors: readonly (string | undefined)[],
  gauge: number,
): void {
  ctx.lineCap = 'round';
  for (let i = 0; i + 1 < meta.ports.length; i += 2) {
    const p = meta.ports[i]!;
    const a = pos[p.from];
    const b = pos[p.to];
    const u = Math.max(live.util[i] ?? 0, live.util[i + 1] ?? 0);
    if (!a || !b || u < 0.02) continue;
    const l = lane(a, b, 0, NODE_RADIUS);
    ctx.strokeStyle = utilColor(Math.min(1, u));
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(l.x0, l.y0);
    ctx.lineTo(l.x1, l.y1);
    ctx.stroke();
  }
  const bl = live.backlog;
  let cursor = 0; // the backlog lists ports in increasing order
  for (let i = 0; i < meta.ports.length; i++) {
    const p = meta.ports[i]!;
    const packets = live.queues[i] ?? 0;
    const first = cursor;
    while (cursor < bl.length && bl[cursor]! <= i) cursor += BACKLOG_STRIDE;
    if (packets <= 0) continue;
    const a = pos[p.from];
    const b = pos[p.to];
    if (!a || !b) continue;
    const f = queueFraction(p, packets, live.queueBytes[i] ?? 0);
    const q = queueBarFrame(a, b, gauge);
    const rad = (q.angleDeg * Math.PI) / 180;
    const width = Math.max(1.5, (q.length - 1) * f);
    const y0 = -q.thickness / 2 + 0.5;
    ctx.save();
    ctx.translate(q.x, q.y);
    ctx.rotate(rad);
    let total = 0;
    for (let j = first; j < cursor; j += BACKLOG_STRIDE) if (bl[j] === i) total += bl[j + 2]!;
    if (total > 0) {
      let x = 0.5;
      for (let j = first; j < cursor; j += BACKLOG_STRIDE) {
        if (bl[j] !== i) continue;
        const w = (width * bl[j + 2]!) / total;
        ctx.fillStyle = flowColor(bl[j + 1]!, colors[bl[j + 1]!]);
        ctx.fillRect(x, y0, w, q.thickness - 1);
        x += w;
      }
    } else {
      ctx.fillStyle = queueFillColor(f);
      ctx.fillRect(0.5, y0, width, q.thickness - 1);
    }
    ctx.restore();
  }
}

/** Sets `data-<key>` only when it differs (a write is a DOM mutation even with the same value). */
function setData(el: HTMLElement | SVGElement, key: string, value: string): void {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** Each gauge port's backlog as "flow:packets …", in one pass over the frame's backlog. */
function backlogTexts(bl: Uint32Array): Map<number, string> {
  const out = new Map<number, string>();
  for (let i = 0; i + BACKLOG_STRIDE - 1 < bl.length; i += BACKLOG_STRIDE) {
    const port = bl[i]!;
    const entry = `${bl[i + 1]}:${bl[i + 2]}`;
    const had = out.get(port);
    out.set(port, had ? `${had} ${entry}` : entry);
  }
  return out;
}

/**
 * A large network's packets (levelOfDetail.ts): one badge per link with packets on the wire, at
 * the link's middle, its area growing with the count, the count written in it where the link is
 * long enough on screen.
 */
function drawCounts(
  ctx: CanvasRenderingContext2D,
  meta: RunMeta,
  wire: Uint32Array,
  pos: readonly (Pt | undefined)[],
  zoom: number,
): void {
  const pairs = linkCounts(wire);
  ctx.font = `${Math.max(6, 9 / Math.max(zoom, 0.01))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1;
  for (let j = 0; j < pairs.length; j += 2) {
    const p = meta.ports[2 * pairs[j]!];
    const a = p && pos[p.from];
    const b = p && pos[p.to];
    if (!a || !b) continue;
    const n = pairs[j + 1]!;
    const x = (a.x + b.x) / 2;
    const y = (a.y + b.y) / 2;
    const label = countLabelFits(Math.hypot(b.x - a.x, b.y - a.y) * zoom);
    const r = label ? Math.max(badgeRadius(n), 6 / Math.max(zoom, 0.01)) : badgeRadius(n);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = '#1d3557';
    ctx.strokeStyle = '#ffffff';
    ctx.fill();
    ctx.stroke();
    if (label) {
      ctx.fillStyle = '#ffffff';
      ctx.fillText(shortCount(n), x, y);
    }
  }
}

/**
 * Where a drop or mark is drawn: drops just past the end of the port's gauge, marks a little
 * further along the link (the marked packet went on).
 */
function glyphSpot(a: Pt, b: Pt, mark: boolean, gauge: number): Pt {
  const q = queueBarFrame(a, b, gauge);
  const rad = (q.angleDeg * Math.PI) / 180;
  const d = q.length + (mark ? 19 : 8);
  return { x: q.x + Math.cos(rad) * d, y: q.y + Math.sin(rad) * d };
}

export function LiveOverlay({ svg, size, transform, positions, flowColors }: Props) {
  const lab = useLab();
  const canvas = useRef<HTMLCanvasElement>(null);
  const props = useRef({ size, transform, positions, flowColors });
  props.current = { size, transform, positions, flowColors };

  // the view's props changed (size, camera, positions, colours): draw them
  const wakeRef = useRef<(() => void) | null>(null);
  useEffect(() => wakeRef.current?.());

  useEffect(() => {
    let lastVersion = -1;
    let markedBefore = false;
    let lastKey = '';
    let lastPos: readonly (Pt | undefined)[] | null = null;
    let box = { x: 0, y: 0, w: 0, h: 0 };
    let lastAttrs = 0;
    let attrsVersion = -1;
    /** Simulated time of the previous draw (ns). */
    let shownNs = 0;
    /** Draws the current picture; true while it keeps changing by itself (packets move, marks fade). */
    const draw = (): boolean => {
      const cv = canvas.current;
      const root = svg.current;
      if (!cv || !root) return false;
      const live = lab.live;
      const meta = live.meta;
      const { size, transform: t, positions: pos, flowColors: colors } = props.current;
      const now = performance.now();
      live.expireDrops(now, DROP_MS);
      const run = lab.run.getState();
      const playing = run.status === 'playing';
      const dpr = window.devicePixelRatio || 1;
      const presenting = lab.ui.getState().presentation;
      const gauge = gaugeScale(presenting, t.k);
      const key = `${size.w}x${size.h}@${dpr}|${t.x},${t.y},${t.k}|${gauge}`;
      // Expose the state on the SVG for assistive tech and tests, a few times a second
      // (attribute changes that do not repaint anything), including the last state of a run
      // that has stopped moving.
      // Only the values that changed are written: each write is a DOM mutation, and a network
      // of thousands of ports wrote every one of them five times a second. A large network (its
      // packets drawn as counts) is described only at rest (paused, ended): its thousands of
      // writes, even once a second, made Chromium repaint the whole document (50–100 ms at
      // 5,000 nodes, docs/performance.md "The lab at scale") and fed the garbage collector.
      const large = meta !== null && packetsAsCounts(meta.ports.length / 2);
      const attrsMs = large ? 0 : 200;
      const describeNow = !(large && playing);
      if (meta && describeNow && live.version !== attrsVersion && now - lastAttrs > attrsMs) {
        lastAttrs = now;
        attrsVersion = live.version;
        const backlogs = backlogTexts(live.backlog);
        root.querySelectorAll<SVGGElement>('[data-queue-port]').forEach((g) => {
          const i = Number(g.dataset['queuePort']);
          const p = meta.ports[i];
          if (!p) return;
          setData(g, 'fill', queueFraction(p, live.queues[i] ?? 0, live.queueBytes[i] ?? 0).toFixed(3));
          setData(g, 'packets', String(live.queues[i] ?? 0));
          setData(g, 'backlog', backlogs.get(i) ?? '');
        });
        root.querySelectorAll<SVGLineElement>('[data-link-line]').forEach((line, li) => {
          setData(line, 'util', Math.max(live.util[2 * li] ?? 0, live.util[2 * li + 1] ?? 0).toFixed(2));
        });
      }
      // a change that came too soon after the last write is written when its turn comes
      if (meta && describeNow && live.version !== attrsVersion) loop.wakeIn(Math.max(0, lastAttrs + attrsMs - now) + 1);
      // Redraw when something moves: packets on the wire (interpolated between frames while
      // playing), fading drop marks, a new frame from the worker, or the view.
      const moving = playing && (live.flight.length > 0 || live.wire.length > 0);
      const fading = live.drops.length > 0;
      const more = moving || fading;
      // (one more draw after the last mark expires, to take it off)
      if (!more && !markedBefore && live.version === lastVersion && key === lastKey && pos === lastPos) return false;
      markedBefore = fading;
      lastVersion = live.version;
      if (key !== lastKey || pos !== lastPos) {
        lastKey = key;
        lastPos = pos;
        box = overlayBox(pos, t, size.w, size.h, gauge);
        cv.style.left = `${box.x}px`;
        cv.style.top = `${box.y}px`;
        cv.style.width = `${box.w}px`;
        cv.style.height = `${box.h}px`;
      }
      if (cv.width !== Math.round(box.w * dpr) || cv.height !== Math.round(box.h * dpr)) {
        cv.width = Math.round(box.w * dpr);
        cv.height = Math.round(box.h * dpr);
      }
      if (box.w === 0 || box.h === 0) return more;
      const ctx = cv.getContext('2d');
      if (!ctx) return false;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, box.w, box.h);
      if (!meta) return false;
      ctx.setTransform(dpr * t.k, 0, 0, dpr * t.k, dpr * (t.x - box.x), dpr * (t.y - box.y));
      // Presentation mode: packets at least 2.5× (about 9 screen px for data at 1024×768).
      const boost = presenting ? Math.max(2.5, 1.6 / t.k) : 1;
      // Simulation time shown: the latest frame's, advanced smoothly between frames while playing
      // (not with prefers-reduced-motion while presenting: packets move with the frames only).
      const paced = playing && Number.isFinite(run.speed) && !(presenting && prefersReducedMotion());
      const ahead = paced ? Math.min(now - live.appliedAt, MAX_AHEAD_MS) * 1e6 * run.speed : 0;
      // Never back in time by less than the look-ahead: a frame from a worker that fell a little
      // behind the wall clock would otherwise pull every packet back. (Further back is a reset.)
      const guessed = live.nowNs + ahead;
      const tNs = paced && guessed < shownNs && shownNs - guessed <= MAX_AHEAD_MS * 1e6 * run.speed ? shownNs : guessed;
      shownNs = tNs;
      const fl = live.flight;
      const glyphs = live.reserveGlyphs(fl.length / FLIGHT_STRIDE);
      let drawn = 0;
      for (let i = 0; i + FLIGHT_STRIDE - 1 < fl.length; i += FLIGHT_STRIDE) {
        const port = meta.ports[fl[i]!];
        if (!port) continue;
        const a = pos[port.from];
        const b = pos[port.to];
        if (!a || !b) continue;
        const dep = fl[i + 2]!;
        const arr = fl[i + 3]!;
        const f = arr > dep ? Math.min(1, Math.max(0, (tNs - dep) / (arr - dep))) : 1;
        const l = lane(a, b);
        const x = l.x0 + (l.x1 - l.x0) * f;
        const y = l.y0 + (l.y1 - l.y0) * f;
        const flow = fl[i + 1]!;
        if (flow >= meta.flowIds.length) {
          // router control packets (LbLCA feedback) travel in the slot after the last flow: a
          // black diamond with a white rim, so they stand out from every flow's colour
          ctx.beginPath();
          const r = 5 * boost;
          ctx.moveTo(x, y - r);
          ctx.lineTo(x + r, y);
          ctx.lineTo(x, y + r);
          ctx.lineTo(x - r, y);
          ctx.closePath();
          ctx.fillStyle = '#111111';
          ctx.strokeStyle = '#ffffff';
          ctx.lineWidth = 1.2;
          ctx.fill();
          ctx.stroke();
        } else {
          ctx.fillStyle = flowColor(flow, colors[flow]);
          const big = fl[i + 4]! > 0; // data packets are drawn larger than ACKs
          const s = (big ? 6 : 3.5) * boost;
          ctx.fillRect(x - s / 2, y - s / 2, s, s);
        }
        const g = drawn++ * GLYPH_STRIDE;
        glyphs[g] = fl[i]!;
        glyphs[g + 1] = flow;
        glyphs[g + 2] = dep;
        glyphs[g + 3] = f;
        glyphs[g + 4] = x;
        glyphs[g + 5] = y;
      }
      live.glyphCount = drawn;
      if (live.wire.length > 0) drawCounts(ctx, meta, live.wire, pos, t.k);
      for (const d of live.drops) {
        const port = meta.ports[d.port];
        const a = port && pos[port.from];
        const b = port && pos[port.to];
        if (!a || !b) continue;
        const at = glyphSpot(a, b, d.mark, gauge);
        const age = (now - d.shownAt) / DROP_MS;
        const style = reasonStyle(d.reason, d.mark);
        ctx.globalAlpha = Math.max(0, 1 - age);
        drawGlyph(ctx, style.glyph, at.x, at.y, 4 + 3 * age, style.color);
        ctx.globalAlpha = 1;
      }
      drawLinksAndQueues(ctx, meta, live, pos, colors, gauge);
      return more;
    };
    const loop = frameLoop(draw);
    wakeRef.current = loop.wake;
    const unsubscribe = [lab.live.subscribe(loop.wake), lab.run.subscribe(loop.wake), lab.ui.subscribe(loop.wake)];
    window.addEventListener('resize', loop.wake);
    loop.wake();
    return () => {
      loop.stop();
      wakeRef.current = null;
      for (const u of unsubscribe) u();
      window.removeEventListener('resize', loop.wake);
    };
  }, [lab, svg]);

  return <canvas ref={canvas} className="live-overlay" aria-hidden="true" />;
}
