// @vitest-environment jsdom
/**
 * The checklist of ports or flows: nothing is built while it is closed (thousands of checkboxes
 * cost the page on every frame: ChecklistDisclosure.tsx), a long list gets a filter and shows at
 * most LIST_CAP names, the checked ones first, and says how many match.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChecklistDisclosure, FILTER_FROM, LIST_CAP, visibleItems } from './ChecklistDisclosure';

afterEach(cleanup);

const names = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}` }));

function show(n: number, checked: string[], onToggle = vi.fn()) {
  const { container } = render(
    <ChecklistDisclosure
      items={names(n)}
      checked={new Set(checked)}
      onToggle={onToggle}
      summary={`Ports (${checked.length}/${n})`}
      label="Ports shown"
      className="port-picker"
      listClassName="port-picker-list"
      itemTestId={(p) => `box-${p}`}
    />,
  );
  const details = container.querySelector('details')!;
  const open = () =>
    act(() => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
  return { container, details, open, onToggle };
}

const boxes = (c: HTMLElement) => [...c.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];

describe('a closed checklist', () => {
  it('holds no checkboxes until opened, then one per name', () => {
    const { container, open } = show(10, ['p3']);
    expect(boxes(container)).toHaveLength(0);
    open();
    expect(boxes(container)).toHaveLength(10);
    expect(
      boxes(container)
        .filter((b) => b.checked)
        .map((b) => b.dataset['testid']),
    ).toEqual(['box-p3']);
    // a short list has no filter
    expect(container.querySelector('input[type=search]')).toBeNull();
  });

  it('tells its owner which name was ticked or unticked', () => {
    const { open, onToggle } = show(5, ['p1']);
    open();
    act(() => void fireEvent.click(screen.getByTestId('box-p2')));
    act(() => void fireEvent.click(screen.getByTestId('box-p1')));
    expect(onToggle.mock.calls).toEqual([
      ['p2', true],
      ['p1', false],
    ]);
  });
});

describe('a long checklist', () => {
  it(`lists at most ${LIST_CAP} names, the checked ones first, and says how many match`, () => {
    const { container, open } = show(1000, ['p999', 'p500']);
    open();
    const listed = boxes(container);
    expect(listed).toHaveLength(LIST_CAP);
    expect(listed.slice(0, 2).map((b) => b.dataset['testid'])).toEqual(['box-p500', 'box-p999']);
    expect(listed[2]!.dataset['testid']).toBe('box-p0');
    expect(screen.getByRole('status').textContent).toMatch(/100 of 1,000 listed/);
  });

  it('narrows to the names containing what is typed, case-insensitive', () => {
    const { container, open } = show(1000, []);
    open();
    act(() => void fireEvent.change(screen.getByPlaceholderText('Filter by name'), { target: { value: 'P99' } }));
    // p99 and p990–p999
    expect(boxes(container).map((b) => b.dataset['testid'])).toEqual([
      'box-p99',
      ...Array.from({ length: 10 }, (_, i) => `box-p99${i}`),
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void fireEvent.change(screen.getByPlaceholderText('Filter by name'), { target: { value: 'zz' } }));
    expect(boxes(container)).toHaveLength(0);
    expect(container.textContent).toMatch(/nothing matches/);
  });

  it(`gets its filter from ${FILTER_FROM + 1} names on`, () => {
    const a = show(FILTER_FROM, []);
    a.open();
    expect(a.container.querySelector('input[type=search]')).toBeNull();
    cleanup();
    const b = show(FILTER_FROM + 1, []);
    b.open();
    expect(b.container.querySelector('input[type=search]')).not.toBeNull();
  });
});

describe('visibleItems', () => {
  it('keeps the order of a list that fits, checked or not', () => {
    const items = names(5);
    expect(visibleItems(items, new Set(['p4']), '').shown.map((i) => i.name)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });
  it('counts every match, not only those listed', () => {
    expect(visibleItems(names(500), new Set(), 'p1').matching).toBe(111); // p1, p10–p19, p100–p199
  });
});
