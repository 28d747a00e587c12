/**
 * The network view's "fit to view": the camera that shows every node and every caption whole
 * (fitView.ts, networkExtent.ts), for the editor's captions or presentation mode's larger ones.
 * A camera that is still the last fit follows the view's size: when the view changes size (the
 * window, presentation mode, the split view's panes, the key beside it) it is fitted again; once
 * the user pans or zooms, the camera is theirs and stays.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Lab } from '../lab';
import type { ViewTransform } from '../state/scenarioStore';
import { fitItems, type Margins } from './fitView';
import type { ScenarioInput } from '@cclab/engine';
import { linkCaption } from './captions';
import {
  EDITOR_CAPTIONS,
  linkCaptionFits,
  networkFitItems,
  type CaptionStyle,
  type MeasureText,
} from './networkExtent';

/** Room kept free around the network: the editor's zoom buttons sit at the right edge. */
const EDITOR_MARGINS: Margins = { left: 16, top: 16, right: 58, bottom: 16 };
export const PRESENTING_MARGINS: Margins = { left: 14, top: 14, right: 14, bottom: 14 };
const PANE_MARGINS: Margins = { left: 8, top: 8, right: 8, bottom: 8 };
/** Link captions are drawn for at most this many links (TopologyCanvas). */
export const MAX_CAPTIONED_LINKS = 30;

let measureCtx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();
/** Text widths as the page draws them (a canvas's measureText in the body's font), remembered. */
export const measure: MeasureText = (text, px, weight) => {
  const key = `${weight} ${px} ${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (measureCtx === undefined) measureCtx = document.createElement('canvas').getContext('2d');
  let w = text.length * px * 0.62;
  if (measureCtx) {
    measureCtx.font = `${weight} ${px}px ${getComputedStyle(document.body).fontFamily}`;
    w = measureCtx.measureText(text).width;
  }
  if (widths.size > 5000) widths.clear();
  widths.set(key, w);
  return w;
};

/** How many link captions are drawn at zoom `k` (each where it fits along its link). */
function drawnCaptions(s: ScenarioInput, style: CaptionStyle, k: number): number {
  const at = new Map(s.nodes.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
  return s.links.filter((l) => {
    const a = at.get(l.a);
    const b = at.get(l.b);
    return a && b && linkCaptionFits(a, b, linkCaption(l), style, k, measure);
  }).length;
}

/** Captions as the view draws them now: presenting (in a split view pane, smaller and without link captions) or not. */
export function captionStyle(inPane: boolean, presenting: boolean, links: number): CaptionStyle {
  if (presenting) return { screen: true, nodeFontPx: inPane ? 15 : 17, linkFontPx: inPane ? null : 16 };
  return links > MAX_CAPTIONED_LINKS ? { ...EDITOR_CAPTIONS, linkFontPx: null } : EDITOR_CAPTIONS;
}

export function useFitCamera(
  lab: Lab,
  boxRef: RefObject<HTMLDivElement | null>,
  presenting: boolean,
  size: { w: number; h: number },
  setTransform: (t: ViewTransform) => void,
): () => void {
  const lastFit = useRef<ViewTransform | null>(null);
  const fit = useCallback(() => {
    const el = boxRef.current;
    if (!el || el.clientWidth <= 0 || el.clientHeight <= 0) return;
    const s = lab.scenario.getState().scenario;
    const style = captionStyle(el.closest('.split-network') !== null, presenting, s.links.length);
    const margins = el.closest('.split-network') ? PANE_MARGINS : presenting ? PRESENTING_MARGINS : EDITOR_MARGINS;
    const fitAt = (st: typeof style) =>
      fitItems(networkFitItems(s, st, measure), el.clientWidth, el.clientHeight, margins);
    // presenting, the link captions' place depends on the zoom: fit for one that holds at any
    // zoom, then twice more with the captions where that fit's zoom puts them
    // (leaving out the captions too long to be drawn there, as long as no other caption becomes
    // short enough to be drawn at the new zoom: the fit keeps room for every caption it shows)
    let t = fitAt(style);
    if (style.screen && style.linkFontPx !== null)
      for (let i = 0; i < 2; i++) {
        const next = fitAt({ ...style, zoom: t.k });
        if (drawnCaptions(s, style, next.k) !== drawnCaptions(s, style, t.k)) break;
        t = next;
      }
    lastFit.current = t;
    setTransform(t);
  }, [lab, boxRef, presenting, setTransform]);

  // a camera that is the last fit follows the view's size (and presentation mode's captions)
  useEffect(() => {
    const cam = lab.scenario.getState().camera;
    if (cam !== null && cam === lastFit.current) fit();
  }, [size.w, size.h, fit, lab]);

  return fit;
}
