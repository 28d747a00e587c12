export type { ReproductionSpec, Claim, PaperValue, PaperNumber, QuantityRef, StudyId } from './types.js';
export { evaluateClaim, fmtNumber, type ClaimResult, type Verdict } from './claims.js';
export {
  buildReport,
  formatReportText,
  formatOurs,
  formatPaper,
  reportCsvFiles,
  type ReproductionReport,
  type ReportRow,
} from './report.js';
export { checkReproduction } from './checkSpec.js';
export { quickCheckSpec, runQuickCheck, type RecordedResult } from './quickCheck.js';
