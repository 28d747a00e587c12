/** Newest modification time (ms) of the TypeScript sources under `root`, -Infinity if none. */
export function newestSourceMs(root: string): number;
/** When the build in `root`/dist started (ms since the epoch), or NaN when there is none. */
export function builtAtMs(root: string): number;
/** True when `root`/dist was built after the last edit of every source file. */
export function isBuildFresh(root: string): boolean;
