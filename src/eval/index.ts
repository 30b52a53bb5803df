/** `task-app eval`: the local evaluation loop, as a library. */
export { parseSeeds, SeedSpecError, MAX_SEEDS } from "./seeds.js";
export { resolveEvalPlan, EvalPlanError, DEFAULT_TRACE_DB, type EvalFlags, type EvalPlan, type EvalTarget } from "./plan.js";
export { runEval, EvalRunError, type RunEvalOptions, type EvalRunReport } from "./run.js";
export { startEvalTargets, type EvalTargets } from "./targets.js";
export { summarizeEval, formatEvalSummary, type EvalSummary, type SeedRow } from "./summary.js";
export { createEvalReporter, type EvalReporter, type EvalEvent, type EvalCounters } from "./progress.js";
export { readResults, repairJsonl, type EvalResult, type EvalManifest } from "./results.js";
export { ReplicaPool, checkHealth, type Replica } from "./replicas.js";
export { formatResumeCommand } from "./resume.js";
