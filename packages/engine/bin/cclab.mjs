#!/usr/bin/env node
// cclab command-line entry: runs the TypeScript CLI through tsx (same engine code as the browser).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
