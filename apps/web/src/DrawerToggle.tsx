import type { ReactNode } from 'react';

interface Props {
  /** Whether the drawer this button controls is open. */
  open: boolean;
  /** The drawer's element id. */
  controls: string;
  testId: string;
  title: string;
  onToggle: () => void;
  children: ReactNode;
}

/** A header button that opens and closes one of the lab's side drawers (Sweep, Trace, …). */
export function DrawerToggle({ open, controls, testId, title, onToggle, children }: Props) {
  return (
    <button
      type="button"
      className={`btn${open ? ' btn-active' : ''}`}
      aria-expanded={open}
      aria-controls={controls}
      data-testid={testId}
      title={title}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
