/** Global keyboard shortcuts (ignored while typing in a form field). */
import { useEffect } from 'react';
import { useLab } from '../lab';
import { moveNodes } from '../state/scenarioEdits';
import { addNodeAtCentre, deleteSelection } from './Toolbar';

function typing(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el) return false;
  return el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable;
}

export function useKeyboardShortcuts(): void {
  const lab = useLab();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // the split view has its own keys; the lab's scenario, hidden meanwhile, is not edited
      if (lab.ui.getState().split) return;
      const st = lab.scenario.getState();
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && k === 'z' && !typing(e.target)) {
        e.preventDefault();
        if (e.shiftKey) st.redo();
        else st.undo();
        return;
      }
      if (mod && k === 'y' && !typing(e.target)) {
        e.preventDefault();
        st.redo();
        return;
      }
      if (typing(e.target) || e.altKey) return;
      if (mod && k === 'a') {
        e.preventDefault();
        st.select({ nodes: st.scenario.nodes.map((n) => n.id) });
        return;
      }
      if (mod) return;
      const onButton = (e.target as HTMLElement | null)?.tagName === 'BUTTON';
      switch (k) {
        case 'v':
          st.setTool('select');
          break;
        case 'h':
          if (e.shiftKey) addNodeAtCentre(lab, 'host');
          else st.setTool('host');
          break;
        case 'r':
          if (e.shiftKey) addNodeAtCentre(lab, 'router');
          else st.setTool('router');
          break;
        case 'b':
          if (e.shiftKey) addNodeAtCentre(lab, 'bs');
          else st.setTool('bs');
          break;
        case 'l':
          st.setTool('link');
          break;
        case 'f':
          window.dispatchEvent(new Event('cclab:fit'));
          break;
        case 'escape':
          st.setTool('select');
          st.select({});
          break;
        case 'delete':
        case 'backspace':
          e.preventDefault();
          deleteSelection(lab);
          break;
        case ' ':
          if (onButton) return;
          e.preventDefault();
          if (lab.sim.active) lab.sim.pause();
          else lab.sim.play();
          break;
        case '.':
          lab.sim.step();
          break;
        case 'arrowleft':
        case 'arrowright':
        case 'arrowup':
        case 'arrowdown': {
          if (st.selection.nodes.length === 0 || (e.target as HTMLElement | null)?.closest('.charts')) return;
          e.preventDefault();
          const d = e.shiftKey ? 40 : 10;
          const dx = k === 'arrowleft' ? -d : k === 'arrowright' ? d : 0;
          const dy = k === 'arrowup' ? -d : k === 'arrowdown' ? d : 0;
          const sel = new Set(st.selection.nodes);
          const moves = new Map(
            st.scenario.nodes
              .filter((n) => sel.has(n.id))
              .map((n) => [n.id, { x: (n.x ?? 0) + dx, y: (n.y ?? 0) + dy }]),
          );
          st.apply((s) => moveNodes(s, moves));
          break;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lab]);
}
