/**
 * A disclosure (`<details>`) holding a checklist of names: which ports or flows a chart shows,
 * which ports the run probes. The list is built only while the disclosure is open, and a long list
 * gets a filter box and shows at most LIST_CAP matches at a time.
 *
 * Why: a network of 2,000 nodes has thousands of ports and flows. Thousands of checkboxes kept in
 * the page, even closed, cost the tab on every frame and every second: each one is a DOM subtree
 * to style and lay out, and each is a form control whose state Chromium serialises for session
 * history about once a second while anything in the page changes (≈150 ms of main-thread time at
 * 2,000 nodes, measured with a Chrome trace — docs/performance.md, "The lab at scale"). A user
 * cannot scan a thousand checkboxes anyway; typing part of a name finds one.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

/** Lists longer than this get a filter box. */
export const FILTER_FROM = 24;
/** At most this many matches are listed at a time. */
export const LIST_CAP = 100;

const NOTHING_SHOWN: { shown: ChecklistItem[]; matching: number } = { shown: [], matching: 0 };

export interface ChecklistItem {
  name: string;
  /** Shown after the name (e.g. "host egress"). */
  note?: string;
}

/** The items whose name contains `filter` (case-insensitive), the checked ones first. */
export function visibleItems(
  items: readonly ChecklistItem[],
  checked: ReadonlySet<string>,
  filter: string,
): { shown: ChecklistItem[]; matching: number } {
  const needle = filter.trim().toLowerCase();
  const matches = needle === '' ? items : items.filter((i) => i.name.toLowerCase().includes(needle));
  const ordered =
    matches.length <= LIST_CAP
      ? matches
      : [...matches.filter((i) => checked.has(i.name)), ...matches.filter((i) => !checked.has(i.name))];
  return { shown: ordered.slice(0, LIST_CAP), matching: matches.length };
}

export function ChecklistDisclosure({
  items,
  checked,
  onToggle,
  summary,
  label,
  className,
  listClassName,
  testId,
  itemTestId,
}: {
  items: readonly ChecklistItem[];
  checked: ReadonlySet<string>;
  onToggle(name: string, on: boolean): void;
  summary: ReactNode;
  /** The group's accessible name ("Ports shown"). */
  label: string;
  className: string;
  listClassName: string;
  testId?: string;
  itemTestId?: (name: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const list = useRef<HTMLDivElement>(null);
  // a picker in a chart's head opens below it, often below the fold of the lab's scrolling stage
  // (at 1024×768 always): bring the opened list into view
  useEffect(() => {
    if (open) list.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  // (nothing to filter while closed: a closed list costs nothing, however often its owner renders)
  const { shown, matching } = useMemo(
    () => (open ? visibleItems(items, checked, filter) : NOTHING_SHOWN),
    [open, items, checked, filter],
  );
  return (
    <details className={className} data-testid={testId} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && (
        <div className={listClassName} ref={list}>
          {items.length > FILTER_FROM && (
            <div className="checklist-filter">
              <label htmlFor={filterId} className="sr-only">
                Filter {label.toLowerCase()}
              </label>
              <input
                id={filterId}
                type="search"
                placeholder="Filter by name"
                autoComplete="off"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
              {matching > shown.length && (
                <span className="muted small" role="status">
                  {shown.length} of {matching.toLocaleString('en')} listed, checked first; type to narrow
                </span>
              )}
              {matching === 0 && <span className="muted small">nothing matches</span>}
            </div>
          )}
          <div role="group" aria-label={label} className="checklist-items">
            {shown.map((item) => (
              <label key={item.name}>
                <input
                  type="checkbox"
                  checked={checked.has(item.name)}
                  data-testid={itemTestId?.(item.name)}
                  onChange={(e) => onToggle(item.name, e.target.checked)}
                />
                <span className="mono">{item.name}</span>
                {item.note && <span className="muted small"> {item.note}</span>}
              </label>
            ))}
          </div>
        </div>
      )}
    </details>
  );
}
