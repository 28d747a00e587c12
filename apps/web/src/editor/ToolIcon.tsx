/** Small stroke icons for the editor toolbar (no icon font needed). */
const PATHS: Record<string, string> = {
  select: 'M5 3 L5 17 L9 13 L12 19 L14 18 L11 12 L16 12 Z',
  host: 'M4 5 H16 V13 H4 Z M7 16 H13 M10 13 V16',
  router: 'M3 8 H15 M12 5 L15 8 L12 11 M17 13 H5 M8 10 L5 13 L8 16',
  bs: 'M10 8 L5 18 M10 8 L15 18 M7 14 H13 M6 3 A6 6 0 0 0 6 11 M14 3 A6 6 0 0 1 14 11 M10 7 V8',
  addBs: 'M8 9 L4 18 M8 9 L12 18 M5.5 15 H10.5 M4 4 A5 5 0 0 0 4 11 M12 4 A5 5 0 0 1 12 11 M16 2 V8 M13 5 H19',
  link: 'M5 15 A2 2 0 1 0 5.01 15 M15 5 A2 2 0 1 0 15.01 5 M6.5 13.5 L13.5 6.5',
  addHost: 'M2 6 H12 V12 H2 Z M5 15 H9 M7 12 V15 M15 3 V9 M12 6 H18',
  addRouter: 'M2 9 H11 M9 7 L11 9 L9 11 M12 14 H3 M5 12 L3 14 L5 16 M15 3 V9 M12 6 H18',
  delete: 'M4 6 H16 M8 6 V4 H12 V6 M6 6 L7 17 H13 L14 6 M9 9 V14 M11 9 V14',
  undo: 'M7 4 L3 8 L7 12 M3 8 H12 A4 4 0 0 1 12 16 H8',
  redo: 'M13 4 L17 8 L13 12 M17 8 H8 A4 4 0 0 0 8 16 H12',
};

export function ToolIcon({ name }: { name: keyof typeof PATHS | string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name] ?? ''} />
    </svg>
  );
}
