/**
 * The network editor and live view: SVG for nodes, links and queue gauges (zoomable and
 * pannable), a canvas on top for packets and drops.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { useScenarioAtPlayhead } from '../run/useScenarioAtPlayhead';
import { linkKey } from '../state/scenarioEdits';
import type { ViewTransform } from '../state/scenarioStore';
import { gaugeScale, linkLabelAlong, linkLabelOffset, type Pt } from './geometry';
import { LinkGlyph } from './LinkGlyph';
import { DropLegend, KEY_ENTRIES } from './DropLegend';
import { keySide } from './keyPlacement';
import { LiveOverlay } from './LiveOverlay';
import { NodeGlyph } from './NodeGlyph';
import { QueueBars } from './QueueBars';
import { BsQueues } from './BsQueues';
import { useCanvasGestures } from './useCanvasGestures';
import { IDENTITY, zoomAt } from './viewTransform';
import {
  captionStyle,
  MAX_CAPTIONED_LINKS,
  measure as measureText,
  PRESENTING_MARGINS,
  useFitCamera,
} from './useFitCamera';
import { linkCaptionFits, networkFitItems } from './networkExtent';
import { linkCaption } from './captions';
import { presentingNodeCaptionPx } from './captionFit';
import { onCanvasFocus, onCanvasItemKey } from './canvasItemKeys';
import { useKeyboardLink } from './keyboardLink';

export function TopologyCanvas() {
  const lab = useLab();
  // links drawn with their settings at the playhead (captions read what the inspector reads)
  const scenario = useScenarioAtPlayhead();
  const selection = useStore(lab.scenario, (s) => s.selection);
  const presenting = useStore(lab.ui, (s) => s.presentation);
  const tool = useStore(lab.scenario, (s) => s.tool);
  const meta = useStore(lab.run, (s) => s.meta);
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 800, h: 500 });
  // a split view pane draws smaller node captions and no link captions while presenting
  const [inPane, setInPane] = useState(false);
  const viewRef = useRef<HTMLDivElement>(null);
  const [outer, setOuter] = useState({ w: 0, h: 0 });
  const [keyAt, setKeyAt] = useState<'right' | 'top'>('right');
  // one per canvas: the split view shows three (the lab's, hidden, and one per run)
  const gridId = `grid${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;

  // The camera is UI state beside the scenario: panning and zooming make no undo step and no autosave.
  const stored = useStore(lab.scenario, (s) => s.camera);
  const transform = stored ?? IDENTITY;
  const setTransform = useCallback((t: ViewTransform) => lab.scenario.getState().setCamera(t), [lab]);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () =>
      setSize((s) =>
        s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight },
      );
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    setInPane(el.closest('.split-network') !== null);
    const view = viewRef.current!;
    const outerRo = new ResizeObserver(() => setOuter({ w: view.clientWidth, h: view.clientHeight }));
    outerRo.observe(view);
    return () => {
      ro.disconnect();
      outerRo.disconnect();
    };
  }, []);

  // presenting, the key goes where it leaves the network the larger zoom (keyPlacement.ts)
  useEffect(() => {
    if (!presenting || inPane || outer.w <= 0) return;
    const items = networkFitItems(scenario, captionStyle(false, true, scenario.links.length), measureText);
    setKeyAt(keySide(items, outer.w, outer.h, PRESENTING_MARGINS, KEY_ENTRIES, measureText));
  }, [presenting, inPane, outer, scenario]);

  const fitToNodes = useFitCamera(lab, boxRef, presenting, size, setTransform);

  // A scenario without a stored camera (first visit, import, new) gets one: fitted to its nodes,
  // or the identity for an empty network (so nodes land where they are clicked).
  useEffect(() => {
    if (stored || size.w <= 0) return;
    if (scenario.nodes.length > 0) fitToNodes();
    else setTransform(IDENTITY);
  }, [stored, size.w, scenario.nodes.length, fitToNodes, setTransform]);

  useEffect(() => {
    const onFit = () => fitToNodes();
    window.addEventListener('cclab:fit', onFit);
    // printing lays the network out in a box of the paper's size (print.css): fit it there, and back
    const print = window.matchMedia?.('print');
    print?.addEventListener('change', onFit);
    return () => {
      window.removeEventListener('cclab:fit', onFit);
      print?.removeEventListener('change', onFit);
    };
  }, [fitToNodes]);

  // printed (or print preview at another paper size): keep the network fitted to its printed box
  useEffect(() => {
    if (window.matchMedia?.('print').matches) fitToNodes();
  }, [size, fitToNodes]);

  const g = useCanvasGestures(transform, setTransform);
  const keyLink = useKeyboardLink(lab);
  const byId = useMemo(
    () => new Map(scenario.nodes.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }])),
    [scenario.nodes],
  );
  const runPositions = useMemo<(Pt | undefined)[]>(() => (meta?.nodeIds ?? []).map((id) => byId.get(id)), [meta, byId]);
  const kindOf = useMemo(() => new Map(scenario.nodes.map((n) => [n.id, n.kind])), [scenario.nodes]);
  const routerPorts = useMemo(
    () => (meta?.ports ?? []).map((p) => kindOf.get(meta!.nodeIds[p.from]!) === 'router'),
    [meta, kindOf],
  );
  const flowColors = useMemo(
    () => (meta?.flowIds ?? []).map((id) => scenario.flows.find((f) => f.id === id)?.color),
    [meta, scenario.flows],
  );
  const selNodes = new Set(selection.nodes);
  const selLinks = new Set(selection.links);
  // presentation mode sizes labels in screen pixels (presentation.css), so they show at any zoom
  const showLabels = scenario.links.length <= MAX_CAPTIONED_LINKS && (transform.k >= 0.6 || presenting);
  // each caption only where it fits along its link (networkExtent.ts)
  const captions = captionStyle(inPane, presenting, scenario.links.length);
  // presenting, node captions a little smaller where neighbours' would run into each other (captionFit.ts)
  const nodeCaptionPx = useMemo(
    () => (captions.screen ? presentingNodeCaptionPx(scenario, captions.nodeFontPx, transform.k, measureText) : null),
    [captions.screen, captions.nodeFontPx, scenario, transform.k],
  );
  const draftFrom = g.draft ? byId.get(g.draft.from) : undefined;
  const keyFrom = keyLink.from !== null ? byId.get(keyLink.from) : undefined;
  const keyTo = keyLink.target !== null ? byId.get(keyLink.target) : undefined;
  // port gauges (and the link captions clear of them) are larger in presentation mode
  const gauge = gaugeScale(presenting, transform.k);
  const isRouter = (id: string) => kindOf.get(id) === 'router';

  return (
    // the key to the glyphs beside the canvas, never over it (above it in the editor, at its
    // right while presenting): no node or caption can be under it, however the view is panned
    <div className={`network-view key-${presenting ? keyAt : 'top'}`} ref={viewRef}>
      <DropLegend links={scenario.links.length} />
      <div className={`canvas-box tool-${tool}`} ref={boxRef}>
        <svg
          ref={svgRef}
          className="topology"
          data-testid="topology"
          // A fixed pixel size (not 100%): a percentage-sized SVG root is laid out again, with every
          // node label in it, whenever the page lays out (the clock ticking, a chart redraw).
          style={{
            width: size.w,
            height: size.h,
            ['--inv-zoom' as string]: 1 / transform.k,
            ...(nodeCaptionPx !== null && { ['--node-caption-px' as string]: `${nodeCaptionPx}px` }),
          }}
          // the same size as the element on screen; printed, the view scales into the paper's box
          viewBox={`0 0 ${size.w} ${size.h}`}
          tabIndex={0}
          role="application"
          aria-label="Network editor. Tools: V select, H add host, R add router, B add base station, L link; drag between nodes to connect; Tab or the arrow keys go through nodes and links, Enter selects, Delete removes the selection; on a node, L starts a link from it, then Enter on another node makes it, Esc cancels."
          onPointerDown={g.onPointerDown}
          onPointerMove={g.onPointerMove}
          onPointerUp={g.onPointerUp}
          onPointerCancel={g.onPointerUp}
          onWheel={g.onWheel}
          onKeyDown={(e) => {
            if (!keyLink.onKey(e)) onCanvasItemKey(lab, e);
          }}
          onFocus={(e) => {
            onCanvasFocus(e);
            keyLink.onFocus(e);
          }}
          onBlur={keyLink.onBlur}
        >
          <defs>
            <pattern
              id={gridId}
              width={40}
              height={40}
              patternUnits="userSpaceOnUse"
              patternTransform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}
            >
              <path d="M 40 0 L 0 0 0 40" fill="none" className="grid-line" />
            </pattern>
          </defs>
          <rect className="canvas-bg" width="100%" height="100%" fill={`url(#${gridId})`} />
          <g transform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}>
            {scenario.links.map((l) => {
              const a = byId.get(l.a);
              const b = byId.get(l.b);
              if (!a || !b) return null;
              const id = linkKey(l);
              return (
                <LinkGlyph
                  key={id}
                  id={id}
                  link={l}
                  a={a}
                  b={b}
                  selected={selLinks.has(id)}
                  showLabel={showLabels && linkCaptionFits(a, b, linkCaption(l), captions, transform.k, measureText)}
                  labelOffset={linkLabelOffset(gauge)}
                  labelAlong={linkLabelAlong(
                    a,
                    b,
                    isRouter(l.a),
                    isRouter(l.b),
                    gauge,
                    presenting && captions.linkFontPx !== null
                      ? measureText(linkCaption(l), captions.linkFontPx, 400) / transform.k
                      : 0,
                  )}
                />
              );
            })}
            {meta && <QueueBars ports={meta.ports} positions={runPositions} show={routerPorts} scale={gauge} />}
            {draftFrom && g.draft && (
              <line className="link-draft" x1={draftFrom.x} y1={draftFrom.y} x2={g.draft.x} y2={g.draft.y} />
            )}
            {keyFrom && keyTo && (
              // the keyboard's rubber band: from the first node to the focused one
              <line
                className="link-draft"
                data-testid="keyboard-link-band"
                x1={keyFrom.x}
                y1={keyFrom.y}
                x2={keyTo.x}
                y2={keyTo.y}
              />
            )}
            {scenario.nodes.map((n) => (
              <NodeGlyph
                key={n.id}
                node={n}
                selected={selNodes.has(n.id)}
                linkTarget={g.draft?.target === n.id || keyLink.from === n.id || keyLink.target === n.id}
              />
            ))}
            {meta && meta.baseStations.length > 0 && (
              <BsQueues baseStations={meta.baseStations} ports={meta.ports} positions={runPositions} />
            )}
          </g>
          {g.band && (
            <rect
              className="rubber-band"
              x={Math.min(g.band.x0, g.band.x1)}
              y={Math.min(g.band.y0, g.band.y1)}
              width={Math.abs(g.band.x1 - g.band.x0)}
              height={Math.abs(g.band.y1 - g.band.y0)}
            />
          )}
        </svg>
        {/* what keyboard linking asks for next: on the canvas while a link is drawn, read out always */}
        <p className={keyLink.from !== null ? 'link-hint' : 'sr-only'} role="status" data-testid="link-hint">
          {keyLink.hint}
        </p>
        <LiveOverlay svg={svgRef} size={size} transform={transform} positions={runPositions} flowColors={flowColors} />
        {scenario.nodes.length === 0 && (
          <div className="canvas-empty">
            <p>
              <strong>An empty network.</strong> Press <kbd>H</kbd> for a host or <kbd>R</kbd> for a router and click to
              place it (<kbd>Shift+H</kbd>, <kbd>Shift+R</kbd>: in the middle); press <kbd>L</kbd> and drag from one
              node to another to link them, or, from the keyboard, <kbd>L</kbd> on a node and <kbd>Enter</kbd> on
              another.
            </p>
          </div>
        )}
        <div className="zoom-controls">
          <button
            type="button"
            onClick={() => setTransform(zoomAt(transform, size.w / 2, size.h / 2, 1.25))}
            aria-label="Zoom in"
            title="Zoom in (+)"
          >
            +
          </button>
          <button
            type="button"
            onClick={() => setTransform(zoomAt(transform, size.w / 2, size.h / 2, 0.8))}
            aria-label="Zoom out"
            title="Zoom out (−)"
          >
            −
          </button>
          <button type="button" onClick={fitToNodes} aria-label="Fit network to view" title="Fit to view (F)">
            ⤢
          </button>
        </div>
      </div>
    </div>
  );
}
