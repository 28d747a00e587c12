/**
 * Presentation mode (accessible name "Presentation mode"; key P): the lab in a lecture hall. Full
 * window (the Fullscreen API where the browser allows it), the editing chrome hidden (toolbar,
 * inspector, flows list, scenario menu), everything scaled for a projector at 1024×768 (node
 * labels ≥ 16 px whatever the zoom, chart text ≥ 14 px, larger packets), the key to every glyph
 * in view, a big clock and big play/pause/step/speed controls. Keys: P or Esc to leave, Space
 * play/pause, → step, ↑/↓ faster/slower. With `prefers-reduced-motion` packets are not slid
 * between frames and nothing animates (see LiveOverlay and presentation.css).
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useLab, type Lab } from '../lab';
import { SPEEDS } from '../state/runStore';
import './presentation.css';
import './print.css';

/** Chart text size in presentation mode, px: at least 14, readable from the back of a lecture hall at 1024×768. */
export const PRESENTATION_CHART_FONT_PX = 15;
/** Node labels at least this many screen px in presentation mode (link labels 1 px less). */
export const PRESENTATION_LABEL_PX = 17;

/** A slider (the Timeline): it takes no letters, so P still works there; its arrow keys are its own. */
function onSlider(t: EventTarget | null): boolean {
  const el = t as HTMLInputElement | null;
  return !!el && el.tagName === 'INPUT' && el.type === 'range';
}

function typing(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return (
    !!el &&
    !onSlider(el) &&
    (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable)
  );
}

function setPresenting(lab: Lab, on: boolean): void {
  lab.ui.getState().setPresentation(on);
  const doc = document as Document & { fullscreenElement?: Element | null };
  if (on && !doc.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => {});
  if (!on && doc.fullscreenElement) document.exitFullscreen?.().catch(() => {});
  // the network view changed size: fit the network to it once the layout has settled
  setTimeout(() => window.dispatchEvent(new Event('cclab:fit')), 150);
}

function nextSpeed(speed: number, dir: 1 | -1): number {
  const i = SPEEDS.findIndex((s) => s === speed);
  const j = Math.min(SPEEDS.length - 2, Math.max(0, (i < 0 ? SPEEDS.indexOf(2) : i) + dir)); // never Max
  return SPEEDS[j]!;
}

/** P toggles presentation mode anywhere; while presenting, the arrow keys drive the run. */
export function usePresentationKeys(): void {
  const lab = useLab();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const on = lab.ui.getState().presentation;
      const k = e.key.toLowerCase();
      if (k === 'p') {
        e.preventDefault();
        setPresenting(lab, !on);
        return;
      }
      if (!on) return;
      if (k === 'escape') {
        setPresenting(lab, false);
        return;
      }
      // on the Timeline the arrow keys move the slider (rewind), whether presenting or not
      if (onSlider(e.target)) return;
      // the split view's two runs when it is open, else the lab's run
      const split = lab.ui.getState().splitSession;
      if (k === 'arrowright') {
        e.preventDefault();
        e.stopImmediatePropagation();
        (split ?? lab.sim).step();
      } else if (k === 'arrowup' || k === 'arrowdown') {
        e.preventDefault();
        e.stopImmediatePropagation();
        const speed = split ? split.speed : lab.run.getState().speed;
        (split ?? lab.sim).setSpeed(nextSpeed(speed, k === 'arrowup' ? 1 : -1));
      }
    };
    // capture: the editor's own arrow keys (nudging nodes) do not apply while presenting
    window.addEventListener('keydown', onKey, true);
    // leaving full screen with the browser's own Esc leaves presentation mode too
    const onFs = () => {
      if (!document.fullscreenElement && lab.ui.getState().presentation) lab.ui.getState().setPresentation(false);
    };
    document.addEventListener('fullscreenchange', onFs);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('fullscreenchange', onFs);
    };
  }, [lab]);
}

export function PresentationButton() {
  const lab = useLab();
  const on = useStore(lab.ui, (s) => s.presentation);
  return (
    <button
      type="button"
      className="btn presentation-toggle"
      aria-pressed={on}
      aria-label="Presentation mode"
      title={
        on ? 'Leave presentation mode (P or Esc)' : 'Presentation mode (P): full window, large type, for a projector'
      }
      data-testid="presentation-mode"
      onClick={() => setPresenting(lab, !on)}
    >
      {on ? 'Leave presentation' : 'Present'}
    </button>
  );
}

/** Whether the user asked for less motion (a live media query). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
