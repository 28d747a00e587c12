/**
 * The run summary as the page gets it: the engine's brief summary (`Simulation.briefSummary`),
 * without each port's per-flow throughput map, which the lab never shows. Those maps cost ports ×
 * flows to make (at 5,000 nodes and 1,000 flows ≈ 60 of a summary's ≈ 85 ms, Node, on
 * e2e/fixtures/scaleScenario.mjs networks) and are objects keyed by flow id, slow to copy between
 * threads: at 2,000 nodes the summary's structured clone was 1.9 MB and 9–84 ms to read on the
 * page's thread with them, 5 ms without. The CLI and the engine's `summary()` keep the whole summary.
 */
import type { BriefPortSummary, BriefRunSummary } from '@cclab/engine';

export type PagePortSummary = BriefPortSummary;
export type PageSummary = BriefRunSummary;
