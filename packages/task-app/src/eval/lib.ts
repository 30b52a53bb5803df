/** What `task-app eval` runs: the evaluation loop without the results reader (`./index.ts` adds it; it loads Zod). */
export { parseSeeds, SeedSpecError, MAX_SEEDS } from "./seeds.js";
export { resolveEvalPlan, EvalPlanError, DEFAULT_TRACE_DB, type EvalFlags, type EvalPlan, type EvalTarget } from "./plan.js";
export { runEval, EvalRunError, type RunEvalOptions, type EvalRunReport } from "./run.js";
export { lockRunDir, RunDirLockedError, type RunDirLock, type LockHolder } from "./lock.js";
export { startEvalTargets, type EvalTargets } from "./targets.js";
export { summarizeEval, formatEvalSummary, type EvalSummary, type SeedRow } from "./summary.js";
export { createEvalReporter, type EvalReporter, type EvalEvent, type EvalCounters } from "./progress.js";
export { repairJsonl, type EvalResult, type EvalManifest } from "./results.js";
export { ReplicaPool, checkHealth, type Replica } from "./replicas.js";
export { checkRunFiles, claimDefaultRunDir } from "./run-dir.js";
export { describePolicyMismatch } from "./rollout.js";
export { resumeCommand } from "./resume.js";
export { openEvalTraceStore, EVAL_TRACE_BATCH_MS } from "./trace-store.js";
