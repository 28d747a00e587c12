import { describe, expect, it } from 'vitest';
import { keyLinkAction } from './keyboardLink';

describe('drawing a link from the keyboard', () => {
  it('starts from the focused node with L, or with Enter while the link tool is chosen', () => {
    expect(keyLinkAction(null, 'l', 's0', false)).toEqual({ kind: 'start', from: 's0' });
    expect(keyLinkAction(null, 'L', 's0', false)).toEqual({ kind: 'start', from: 's0' });
    expect(keyLinkAction(null, 'Enter', 's0', true)).toEqual({ kind: 'start', from: 's0' });
    // Enter with another tool selects the node (the canvas's own keys), L on a link or the canvas chooses the tool
    expect(keyLinkAction(null, 'Enter', 's0', false)).toEqual({ kind: 'pass' });
    expect(keyLinkAction(null, 'l', null, false)).toEqual({ kind: 'pass' });
    expect(keyLinkAction(null, 'Escape', 's0', true)).toEqual({ kind: 'pass' });
  });

  it('links to the focused node with Enter or L, and Esc cancels', () => {
    expect(keyLinkAction('s0', 'Enter', 'r1', false)).toEqual({ kind: 'finish', from: 's0', to: 'r1' });
    expect(keyLinkAction('s0', 'l', 'r1', true)).toEqual({ kind: 'finish', from: 's0', to: 'r1' });
    expect(keyLinkAction('s0', 'Escape', 'r1', false)).toEqual({ kind: 'cancel' });
  });

  it('asks for another node when the focus is on the first one, a link or the canvas', () => {
    expect(keyLinkAction('s0', 'Enter', 's0', false)).toEqual({ kind: 'stay' });
    expect(keyLinkAction('s0', 'Enter', null, false)).toEqual({ kind: 'stay' });
  });

  it('walks the nodes with the arrow keys meanwhile, and leaves Tab and the rest to the canvas', () => {
    expect(keyLinkAction('s0', 'ArrowRight', 's0', false)).toEqual({ kind: 'step', delta: 1 });
    expect(keyLinkAction('s0', 'ArrowDown', 'r1', false)).toEqual({ kind: 'step', delta: 1 });
    expect(keyLinkAction('s0', 'ArrowLeft', 'r1', false)).toEqual({ kind: 'step', delta: -1 });
    expect(keyLinkAction('s0', 'ArrowUp', null, false)).toEqual({ kind: 'step', delta: -1 });
    expect(keyLinkAction('s0', 'Tab', 'r1', false)).toEqual({ kind: 'pass' });
  });
});
