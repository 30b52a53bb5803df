/**
 * Checks of container-era context overrides before any reaches the
 * executor, as synth-ai's Rust `ContextOverride::validate` makes them and
 * tighter: file paths are relative (no leading `/` or `\`, no drive letter)
 * and never contain `..`; a variable only when the app allows it (its
 * `overrideEnv`: names, or prefixes ending in `*`; none by default), and
 * never one that changes what a process runs or loads (PATH, the dynamic
 * loaders' LD_* and DYLD_*, interpreters' startup and search paths); sizes
 * bounded (synth-ai leaves limits to the container).
 * A refused override is reported failed with the reason, never applied.
 */
import type { ContextOverride, ContextOverrideStatus } from "../schemas/container-rollout.js";

/** Size limits of context overrides (UTF-8 bytes, as synth-ai's `size_bytes` counts). */
export const OVERRIDE_LIMITS = {
  overrides: 64,
  filesPerOverride: 256,
  envVarsPerOverride: 128,
  pathBytes: 1024,
  fileBytes: 1024 * 1024,
  scriptBytes: 256 * 1024,
  envValueBytes: 32 * 1024,
  /** Files, script and variables (names and values) of one override together. */
  overrideBytes: 4 * 1024 * 1024,
} as const;

/** Variables that decide which program runs or which code it loads. */
const LOADER_VARIABLES = new Set([
  "PATH", "NODE_OPTIONS", "NODE_PATH", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONINSPECT",
  "BASH_ENV", "ENV", "PERL5LIB", "PERL5OPT", "RUBYLIB", "RUBYOPT", "GCONV_PATH", "IFS",
]);
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type ErrorType = "validation" | "path_traversal" | "size_limit";
interface Problem {
  error_type: ErrorType;
  message: string;
  target: string | null;
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
/** A caller's name, cut short for the answer. */
const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** Why a file path is refused, or undefined (also used by `applyContextOverrides`). */
export function pathProblem(path: string): Problem | undefined {
  const target = path.slice(0, 200);
  if (path.length === 0) return { error_type: "validation", message: "a file path is empty", target };
  if (bytes(path) > OVERRIDE_LIMITS.pathBytes) return { error_type: "size_limit", message: `a file path is longer than ${OVERRIDE_LIMITS.pathBytes} bytes`, target };
  if (path.includes("\0")) return { error_type: "validation", message: `file path ${shown(path)} contains a NUL character`, target };
  if (path.includes("..")) return { error_type: "path_traversal", message: `file path ${shown(path)} contains ".."`, target };
  if (/^([/\\~]|[A-Za-z]:)/.test(path)) return { error_type: "path_traversal", message: `file path ${shown(path)} is not relative`, target };
  return undefined;
}

/**
 * Whether the app's allow rule lets an override set `name`: an entry is a
 * name, or a prefix ending in `*` (`AGENT_*`). Undefined `allow`: no rule
 * given (a caller that checked with the app's rule already).
 */
export function isEnvAllowed(name: string, allow: readonly string[] | undefined): boolean {
  if (allow === undefined) return true;
  return allow.some((entry) => (entry.endsWith("*") ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

/**
 * Why an environment variable is refused, or undefined (also used by
 * `applyContextOverrides`). A variable is set only when the app allows it
 * (`allow`, the app's `overrideEnv`: a deny-list cannot name every variable
 * that decides what a program runs or loads), and never one of those the
 * floor below names, allowed or not.
 */
export function envProblem(name: string, value: string, allow?: readonly string[]): Problem | undefined {
  const target = name.slice(0, 200);
  if (!ENV_NAME.test(name)) return { error_type: "validation", message: `variable name ${shown(name)} must start with a letter or underscore and hold only letters, digits and underscores`, target };
  const upper = name.toUpperCase();
  if (LOADER_VARIABLES.has(upper) || upper.startsWith("LD_") || upper.startsWith("DYLD_"))
    return { error_type: "validation", message: `setting ${name} is not allowed (it changes which program runs or what it loads)`, target };
  if (!isEnvAllowed(name, allow))
    return {
      error_type: "validation",
      message: allow?.length ? `setting ${name} is not allowed: this task app allows ${allow.join(", ")}` : `setting ${name} is not allowed: this task app allows no variables (its overrideEnv lists those it does)`,
      target,
    };
  if (value.includes("\0")) return { error_type: "validation", message: `the value of ${name} contains a NUL character`, target };
  if (bytes(value) > OVERRIDE_LIMITS.envValueBytes) return { error_type: "size_limit", message: `the value of ${name} is larger than ${OVERRIDE_LIMITS.envValueBytes} bytes`, target };
  return undefined;
}

/** Every problem of one override (empty when it may be applied). */
export function checkContextOverride(override: ContextOverride, allowEnv?: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const files = Object.entries(override.file_artifacts);
  const vars = Object.entries(override.env_vars);
  if (files.length > OVERRIDE_LIMITS.filesPerOverride) problems.push({ error_type: "size_limit", message: `more than ${OVERRIDE_LIMITS.filesPerOverride} files`, target: null });
  if (vars.length > OVERRIDE_LIMITS.envVarsPerOverride) problems.push({ error_type: "size_limit", message: `more than ${OVERRIDE_LIMITS.envVarsPerOverride} variables`, target: null });
  let total = 0;
  for (const [path, content] of files) {
    const problem = pathProblem(path);
    if (problem) problems.push(problem);
    const size = bytes(content);
    total += size;
    if (size > OVERRIDE_LIMITS.fileBytes) problems.push({ error_type: "size_limit", message: `file ${shown(path)} is larger than ${OVERRIDE_LIMITS.fileBytes} bytes`, target: path.slice(0, 200) });
  }
  for (const [name, value] of vars) {
    const problem = envProblem(name, value, allowEnv);
    if (problem) problems.push(problem);
    total += bytes(name) + bytes(value);
  }
  const script = override.preflight_script;
  if (script !== null && script !== undefined) {
    total += bytes(script);
    if (bytes(script) > OVERRIDE_LIMITS.scriptBytes) problems.push({ error_type: "size_limit", message: `the preflight script is larger than ${OVERRIDE_LIMITS.scriptBytes} bytes`, target: "preflight_script" });
    else if (!script.startsWith("#!")) problems.push({ error_type: "validation", message: "the preflight script must start with a #! line", target: "preflight_script" });
  }
  if (total > OVERRIDE_LIMITS.overrideBytes) problems.push({ error_type: "size_limit", message: `the override is larger than ${OVERRIDE_LIMITS.overrideBytes} bytes`, target: null });
  return problems.slice(0, 20);
}

/** Overrides split into those handed to the executor and the failure status of each refused one (by request index). */
export interface CheckedOverrides {
  accepted: ContextOverride[];
  /** Request index → failure status. */
  refused: Map<number, ContextOverrideStatus>;
  /** When the request holds more overrides than allowed: the message (nothing is applied). */
  tooMany?: string;
}

/** Checks every override of a request; `allowEnv` is the app's `overrideEnv`. */
export function checkContextOverrides(overrides: readonly ContextOverride[], allowEnv: readonly string[]): CheckedOverrides {
  const out: CheckedOverrides = { accepted: [], refused: new Map() };
  if (overrides.length > OVERRIDE_LIMITS.overrides) {
    out.tooMany = `more than ${OVERRIDE_LIMITS.overrides} context overrides`;
    return out;
  }
  overrides.forEach((override, index) => {
    const problems = checkContextOverride(override, allowEnv);
    if (problems.length === 0) out.accepted.push(override);
    else out.refused.set(index, failedStatus(override, problems));
  });
  return out;
}

/** The status of an override refused (or not applied) for `problems`. */
export function failedStatus(override: ContextOverride, problems: readonly Problem[], overall: "failed" | "skipped" = "failed"): ContextOverrideStatus {
  const first = problems[0];
  return {
    override_id: override.override_id ?? null,
    overall_status: overall,
    errors: problems.map((p) => ({ error_type: p.error_type, message: p.message, target: p.target, details: {} })),
    ...(first ? { error_type: first.error_type, error_message: first.message } : {}),
    file_artifacts: {},
    env_vars: {},
  };
}
