/** Newest modification time (ms) of the TypeScript sources under `root`, -Infinity if none. */
export function newestSourceMs(root: string): number;
/** Newest modification time (ms) of the sources listed in dist/.build-inputs (Infinity if one is missing), NaN without the list. */
export function newestInputMs(root: string): number;
/** When the build in `root`/dist started (ms since the epoch), or NaN when there is none. */
export function builtAtMs(root: string): number;
/** True when `root`/dist was built after the last edit of every source file it was built from. */
export function isBuildFresh(root: string): boolean;
