/**
 * Text drawn on the canvas from what a scenario holds (ids, labels, quantities). It is shown
 * even while the scenario is invalid, so it may be anything a person pasted: a caption is cut to
 * a length that fits beside a node or on a link (the full text stays in the tooltip), and never
 * lays out megabytes of text.
 */
import type { ScenarioLink, ScenarioNode } from '@cclab/engine';
import { canonicalOf, formatQuantity } from '../units/quantity';
import { clipText } from '../clipText';

export const NODE_CAPTION_CHARS = 24;
export const QUANTITY_CAPTION_CHARS = 16;
/** Longest text put in a tooltip. */
export const TOOLTIP_CHARS = 300;

export function nodeCaption(node: ScenarioNode): string {
  return clipText(node.label ?? node.id, NODE_CAPTION_CHARS);
}

function quantityCaption(kind: 'rate' | 'duration', raw: unknown): string {
  const c = canonicalOf(kind, raw);
  return c ? formatQuantity(kind, c.value) : clipText(String(raw), QUANTITY_CAPTION_CHARS);
}

/** "10 Mb/s · 20 ms" (what the link's rate and delay say, cut short when they are not quantities). */
export function linkCaption(link: ScenarioLink): string {
  return `${quantityCaption('rate', link.rate)} · ${quantityCaption('duration', link.delay)}`;
}
