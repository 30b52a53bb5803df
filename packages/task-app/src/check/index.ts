/**
 * Conformance checking of any running task app (ours or a Python one).
 */
export { checkTaskApp, CHECK_NAMES, type CheckOptions, type CheckReport, type CheckResult } from "./run.js";
export { formatCheckReport } from "./format.js";
export { findKeyLeaks, LEAK_FIELDS, MIN_LEAK_PREFIX } from "./leaks.js";
export { pickRolloutTarget, type RolloutTarget } from "./seed.js";
