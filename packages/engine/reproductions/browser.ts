/**
 * The reproduction layer as the lab imports it (`@cclab/engine/reproductions`): every entry, the
 * studies, and the report and claim code that `cclab reproduce` prints with. Browser-safe: no
 * Node module is reachable from here (the CLI's file access lives in src/cli/reproduce.ts), and
 * the engine's typecheck (no Node types) covers every file it imports.
 */
export { reproductions, findReproduction, studies } from './index.js';
export {
  buildReport,
  checkReproduction,
  evaluateClaim,
  fmtNumber,
  formatOurs,
  formatPaper,
  formatReportText,
  type ClaimResult,
  type Claim,
  type PaperNumber,
  type PaperValue,
  type ReportRow,
  type ReproductionReport,
  type ReproductionSpec,
  type StudyId,
  type Verdict,
} from '../src/reproduction/index.js';
