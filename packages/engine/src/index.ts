// @cclab/engine public API: re-exports only.
export * from './core/units.js';
export { Simulator, Timer, MAX_EVENTS_PER_INSTANT } from './core/Simulator.js';
export { SimulationError, NoProgressError, PacketLimitError } from './core/SimulationError.js';
export type { SimulationErrorCode } from './core/SimulationError.js';
export * from './core/limits.js';
export { describeValue } from './core/describeValue.js';
export { MAX_LIVE_PACKETS } from './net/Packet.js';
export { Random } from './core/Random.js';
export { Simulation, FlowRuntime, FLOW_COLUMNS, PORT_COLUMNS, MAX_BACKLOG_FLOWS } from './Simulation.js';
export type { FlowEvent, DropEvent, SampleListener, SimulationLimits } from './Simulation.js';
export { runScenario } from './runScenario.js';
export { validateScenario, parseScenarioText, ScenarioError } from './scenario/validate.js';
export type {
  ResolvedScenario,
  ResolvedFlow,
  ResolvedLink,
  ResolvedEvent,
  ScenarioIssue,
} from './scenario/validate.js';
export { migrateScenario } from './scenario/migrate.js';
export type { AppliedChange } from './TimedChanges.js';
export * from './scenario/types.js';
export { SCENARIO_LIMITS } from './scenario/inputBounds.js';
export { CSS_COLOR_NAMES, isColor } from './scenario/colors.js';
export { FLOW_EVENT_KINDS, FLOW_EVENT_INFO } from './transport/Transport.js';
export type { FlowEventKind } from './transport/Transport.js';
export { getRegistry } from './registry/index.js';
export { parseMahimahiTrace } from './router/channel/MahimahiTrace.js';
export { bsSlotColumns } from './router/bs/BaseStation.js';
export type { Registry } from './registry/index.js';
export type { ModelInfo, ParamSpec, ParamKind, ModelCategory } from './model/types.js';
export type { RunSummary, FlowSummary, PortSummary, BriefRunSummary, BriefPortSummary } from './summary.js';
export { TimeSeries, jainIndex } from './metrics/TimeSeries.js';
export {
  resultMetrics,
  findResultMetric,
  evaluateMetric,
  efficacyDb,
  utility,
  MetricQueryError,
} from './results/resultMetrics.js';
export type { ResultMetricSpec, MetricQuery, MetricScope } from './results/resultMetrics.js';
export { IN_FLIGHT_STRIDE } from './net/Port.js';
export type { Port } from './net/Port.js';
export type { CongestionControl, CcState, AckInfo, CongestionEvent } from './transport/cc/CongestionControl.js';
export type { QueueDisc, DropReason, QueueProbeSpec } from './net/QueueDisc.js';
export { DROP_REASONS } from './net/QueueDisc.js';
export { presets, defaultScenario } from './presets/presets.js';
export * from './demos/index.js';
export { CH4_ALPHAS, ch4DumbbellAlpha, withCh4Alpha } from './scenario/seed000Ch4Alpha.js';
export { runPoint, pointScenario, aggregate, experimentJobs } from './experiment/experiment.js';
export type {
  ExperimentSpec,
  ExperimentPoint,
  RunRecord,
  NamedMetric,
  ExperimentResult,
} from './experiment/experiment.js';
export { sampleStats, tQuantile975 } from './experiment/statistics.js';
export type { SampleStats } from './experiment/statistics.js';
export { getPath, setPath, parsePath, ScenarioPathError } from './experiment/scenarioPath.js';
export * from './sweep/index.js';
export { attachTraces } from './trace/attachTraces.js';
export type { TraceOptions, TraceSession, TraceFileReport } from './trace/attachTraces.js';
export type { TraceSink } from './trace/TraceOutput.js';
export type { PortTracer } from './net/PortTracer.js';
export * from './exercise/index.js';
export { minimumBuffers, SIZING_DEFAULTS } from './fluid/bufferSizing.js';
export type { SizingCriterion, SizingOptions, SizingResult } from './fluid/bufferSizing.js';
export { runFluid, FLUID_DEFAULTS } from './fluid/lblcaFluid.js';
export type { FluidParams, FluidRun, FluidTopology } from './fluid/lblcaFluid.js';
export { bufferSizingTopology, FLUID_TEMPLATES } from './fluid/fluidTopologies.js';
export type { FluidTemplate } from './fluid/fluidTopologies.js';
