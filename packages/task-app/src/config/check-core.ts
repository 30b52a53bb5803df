/**
 * The whole validation of one config: read, parse TOML, detect the kind,
 * check the schema, run the cross-section rules, normalize. Never throws for
 * bad input: everything wrong becomes a positioned finding.
 *
 * No schema is imported here: a check detects the kind first
 * (`startConfigCheck`), then validates with that kind's schema
 * (`finishConfigCheck`). `checkConfigFile` loads that one schema
 * (../schemas/config-schema.ts); ./check.ts checks text synchronously with
 * every schema built (../schemas/registry.ts).
 */
import type { z } from "zod";
import { loadConfigSchema } from "../schemas/config-schema.js";
import type { ConfigKind } from "../schemas/registry.js";
import type { RLConfig } from "../schemas/rl-config.js";
import { applyCoercions, coerceLax, parseWithLaxScalars } from "./coerce.js";
import { synthScalarAt } from "./synth-types.js";
import { detectConfigKind } from "./detect.js";
import { formatPath, type Finding } from "./findings.js";
import { issuesToFindings, valueAt, type UnplacedFinding } from "./issues.js";
import { normalizeRLConfig, type Injection } from "./normalize.js";
import { applySeverities, type SeverityOverrides } from "./project-settings.js";
import { ConfigInputError, readConfigText } from "./read.js";
import { rules } from "./rules/index.js";
import { parseTomlDocument, TomlLimitError, TomlSyntaxError, type TomlDocument } from "./toml.js";

export interface CheckOptions {
  /** File name shown in findings. */
  file?: string;
  /** Skip detection and validate as this kind. */
  kind?: ConfigKind;
  /** Pass unknown keys through into the config instead of reporting them. */
  allowUnknown?: boolean;
  /** Fill in the settings the model implies (`normalizeRLConfig`); default true. */
  normalize?: boolean;
  /** A model id outside synth-ai's catalog is a warning instead of an error (for backends with a larger catalog). */
  allowUnknownModels?: boolean;
  /**
   * Report at most this many findings (default 100), the first ones found;
   * the others are counted in `omitted` but never positioned or formatted,
   * so a file with 200,000 unknown keys costs little more than a valid one.
   */
  maxFindings?: number;
  /** Severities a project sets per finding code (`[rules]` of task-app.toml, ./project-settings.ts); "off" drops the finding. */
  severities?: SeverityOverrides;
}

/** Findings cap of checkConfigText when none is given. */
export const DEFAULT_MAX_FINDINGS = 100;

export interface ConfigCheck {
  file?: string;
  /** The kind of config, or "rubric" for a rubric JSON file (./rubric-check.ts). */
  kind?: ConfigKind | "rubric";
  /** Why this kind was chosen (`type = "rl"`, `--kind`, ...). */
  kindReason?: string;
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  findings: Finding[];
  /** The validated, normalized config; present when ok. */
  config?: unknown;
  /** Settings filled in by normalization. */
  injected: Injection[];
  /** Findings over `maxFindings`, counted but not reported; absent when none were left out. */
  omitted?: { errors: number; warnings: number };
}

const at = (file: string | undefined, line: number, column: number) => ({ file, line, column });

function finish(check: Omit<ConfigCheck, "ok">, severities?: SeverityOverrides): ConfigCheck {
  const findings = applySeverities(check.findings, severities).sort((a, b) => a.line - b.line || a.column - b.column || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  return { ...check, findings, ok: !findings.some((f) => f.severity === "error") && !check.omitted?.errors };
}

/** Removes the keys Zod reported as unknown from a copy of `doc`, returning the copy and what was removed. */
function splitUnknown(doc: Record<string, unknown>, issues: readonly z.core.$ZodIssue[]) {
  const copy = structuredClone(doc);
  const removed: { path: PropertyKey[]; value: unknown }[] = [];
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    let parent: unknown = copy;
    for (const seg of issue.path) parent = (parent as Record<PropertyKey, unknown>)[seg];
    for (const key of issue.keys) {
      removed.push({ path: [...issue.path, key], value: (parent as Record<string, unknown>)[key] });
      delete (parent as Record<string, unknown>)[key];
    }
  }
  return { copy, removed };
}

function setAt(target: unknown, path: readonly PropertyKey[], value: unknown) {
  let parent = target as Record<PropertyKey, unknown>;
  for (const seg of path.slice(0, -1)) parent = parent[seg] as Record<PropertyKey, unknown>;
  parent[path[path.length - 1] as PropertyKey] = value;
}

/** The warning for a value synth-ai coerces: what it submits and what to write instead. */
function coercionMessage(path: readonly PropertyKey[], from: unknown, to: number | boolean): string {
  // Show the string as written when it is already a TOML number of the right kind ("5e-06"), else the value.
  const literal = typeof from === "string" && typeof to === "number" && /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(from.trim()) && !(Number.isInteger(to) && from.includes("."));
  const typed = literal ? (from as string).trim() : String(to);
  const last = path[path.length - 1];
  const write = typeof last === "number" ? typed : `${String(last)} = ${typed}`;
  return `${JSON.stringify(from)} is not a ${typeof to}; synth-ai coerces it and submits ${String(to)}: write ${write}`;
}

/**
 * For a wrongly typed value at a key synth-ai does not type (`[vllm]`,
 * `rollout.policy_config`, ...): synth-ai sends it on as written, so nothing
 * coerces it; say so, with the typed value pydantic would have made of it.
 */
function forwardedHint(kind: ConfigKind, doc: Record<string, unknown>, f: UnplacedFinding): UnplacedFinding {
  if (f.code !== "invalid_type" || synthScalarAt(kind, doc, f.path) !== undefined) return f;
  const expected = /^expected (a boolean|an integer|a number),/.exec(f.message)?.[1];
  if (!expected) return f;
  const value = valueAt(doc, f.path);
  const typed = coerceLax(value, expected === "a boolean" ? "bool" : expected === "an integer" ? "int" : "float");
  if (typed === undefined || !Number.isFinite(Number(typed))) return f;
  const last = f.path[f.path.length - 1];
  const write = typeof last === "number" ? String(typed) : `${String(last)} = ${String(typed)}`;
  return { ...f, message: `${f.message}; synth-ai does not type this key and would send ${JSON.stringify(value)} on as written: write ${write}` };
}

/**
 * A 0 or 1 where a boolean belongs, at a key synth-ai does not type
 * (`rollout.policy_config.use_vision = 1`): synth-ai forwards it as written
 * and the task app reads it as false or true. Such values are set aside from
 * validation (put back as written, like any forwarded value) and warned
 * about with the fix; any other wrongly typed value there stays an error
 * ("false" as a string reads as true in Python).
 */
function setAsideForwardedFlags(kind: ConfigKind, doc: Record<string, unknown>, input: Record<string, unknown>, issues: readonly { code: string; path: PropertyKey[]; expected?: unknown }[]) {
  const flags = issues.flatMap((i) => {
    if (i.code !== "invalid_type" || i.expected !== "boolean" || synthScalarAt(kind, doc, i.path) !== undefined) return [];
    const value = valueAt(input, i.path);
    return value === 0 || value === 1 ? [{ path: [...i.path], value }] : [];
  });
  if (!flags.length) return undefined;
  const copy = structuredClone(input);
  for (const { path } of flags) {
    let parent = copy as Record<PropertyKey, unknown>;
    for (const seg of path.slice(0, -1)) parent = parent[seg] as Record<PropertyKey, unknown>;
    delete parent[path[path.length - 1] as PropertyKey];
  }
  return { copy, flags };
}

function forwardedFlagMessage(path: readonly PropertyKey[], value: 0 | 1): string {
  const typed = value === 1;
  return `${value} is not a boolean; synth-ai does not type this key and forwards ${value} as written, which the task app reads as ${typed}: write ${String(path[path.length - 1])} = ${typed}`;
}

/**
 * A `[policy]` table next to `[model]` (the legacy `{model, inference_url, ...}`
 * one shipped 0.2.x configs have) is an extra for synth-ai 0.2.13: not
 * validated, not used, forwarded as written. It is set aside from validation
 * and put back into the config unchanged (no defaults added); the rule
 * rl_model_section warns that it is ignored.
 */
function setAsideLegacyPolicy(doc: Record<string, unknown>): { input: Record<string, unknown>; ignored: { path: PropertyKey[]; value: unknown }[] } {
  const isTable = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isTable(doc.model) || !isTable(doc.policy)) return { input: doc, ignored: [] };
  const { policy, ...rest } = doc;
  return { input: rest, ignored: [{ path: ["policy"], value: structuredClone(policy) }] };
}

/** A parsed config whose kind is known: what `finishConfigCheck` validates with that kind's schema. */
export interface DetectedConfig {
  doc: TomlDocument;
  kind: ConfigKind;
  /** Why this kind (`ConfigCheck.kindReason`). */
  reason: string;
}

/**
 * The first half of a check: parses the TOML and detects the kind. Returns
 * the finished check when it ends there (a syntax error, an unknown kind),
 * else the document and its kind.
 */
export function startConfigCheck(text: string, options: CheckOptions = {}): ConfigCheck | DetectedConfig {
  const { file, severities } = options;
  let doc: TomlDocument;
  try {
    doc = parseTomlDocument(text);
  } catch (error) {
    if (error instanceof TomlLimitError)
      return finish({ file, findings: [{ severity: "error", code: "too_large", path: "", message: error.reason, ...at(file, error.line, error.column) }], injected: [] }, severities);
    if (!(error instanceof TomlSyntaxError)) throw error;
    return finish({ file, findings: [{ severity: "error", code: "toml_syntax", path: "", message: `invalid TOML: ${error.reason}`, ...at(file, error.line, error.column) }], injected: [] }, severities);
  }
  const detected = options.kind ? { kind: options.kind, reason: "--kind" } : detectConfigKind(doc.value, file);
  if (!detected)
    return finish({
      file,
      findings: [{ severity: "error", code: "unknown_kind", path: "", message: 'cannot tell what kind of config this is; add type = "rl" | "sft" | "eval" | "filter" | "deploy" or pass --kind', ...at(file, 1, 1) }],
      injected: [],
    }, severities);
  return { doc, ...detected };
}

/** True when `startConfigCheck` has finished the check itself. */
export const isFinished = (started: ConfigCheck | DetectedConfig): started is ConfigCheck => "findings" in started;

/** The second half of a check: validates a detected config with `schema`, the schema of its kind, then runs the rules and normalizes. */
export function finishConfigCheck(detected: DetectedConfig, schema: z.ZodType, options: CheckOptions = {}): ConfigCheck {
  const { file, severities } = options;
  const { doc, kind } = detected;
  const kept: UnplacedFinding[] = [];
  const { input: checked, ignored } = kind === "rl" ? setAsideLegacyPolicy(doc.value) : { input: doc.value, ignored: [] };
  let result = schema.safeParse(checked);
  let issues = result.success ? [] : result.error.issues;
  let input = checked;
  let passthrough: { path: PropertyKey[]; value: unknown }[] = [...ignored];
  const maxFindings = Math.max(1, options.maxFindings ?? DEFAULT_MAX_FINDINGS);
  if (options.allowUnknown && issues.some((i) => i.code === "unrecognized_keys")) {
    const unknown = issues.filter((i) => i.code === "unrecognized_keys");
    // Kept keys that look like a typo or a misplaced key still get their hint, as a warning.
    for (const f of issuesToFindings(unknown, checked, schema, maxFindings).slice(0, maxFindings))
      if (/; (did you mean|it belongs in) /.test(f.message)) kept.push({ ...f, severity: "warning", message: f.message.replace(/^(unknown key "[^"]*"(?: in \[[^\]]*\])?)/, "$1 is kept (--allow-unknown)") });
    const { copy, removed } = splitUnknown(checked, issues);
    passthrough = [...passthrough, ...removed];
    input = copy;
    result = schema.safeParse(copy);
    issues = result.success ? [] : result.error.issues;
  }
  const flags = result.success ? undefined : setAsideForwardedFlags(kind, doc.value, input, issues);
  if (flags) {
    input = flags.copy;
    passthrough = [...passthrough, ...flags.flags];
    result = schema.safeParse(input);
    issues = result.success ? [] : result.error.issues;
  }
  const lax = result.success ? undefined : parseWithLaxScalars(schema, input, issues, kind);
  if (lax?.coerced.length) {
    result = lax.result;
    issues = result.success ? [] : result.error.issues;
  }

  let unplaced = [...issuesToFindings(issues, doc.value, schema, maxFindings).map((f) => forwardedHint(kind, doc.value, f)), ...kept];
  for (const { path, from, to } of lax?.coerced ?? []) unplaced.push({ severity: "warning", code: "coerced_value", path, message: coercionMessage(path, from, to) });
  for (const { path, value } of flags?.flags ?? []) unplaced.push({ severity: "warning", code: "forwarded_flag", path, message: forwardedFlagMessage(path, value as 0 | 1) });
  for (const { path, literal } of doc.inexactIntegers)
    unplaced.push({ severity: "warning", code: "inexact_integer", path, message: `integer ${literal} is beyond ±2^53 and has no exact number; it is read as ${String(valueAt(doc.value, path))}` });
  // Rules see what synth-ai's models would: the values pydantic coerces, coerced (and a forwarded 0/1 flag as the app reads it).
  const read = [...(lax?.coerced ?? []), ...(flags?.flags ?? []).map(({ path, value }) => ({ path, from: value, to: value === 1 }))];
  const ruleInput = read.length ? applyCoercions(doc.value, read) : doc.value;
  for (const rule of rules.filter((r) => r.kinds.includes(kind)))
    for (const hit of rule.check(ruleInput, { allowUnknownModels: options.allowUnknownModels })) unplaced.push({ severity: hit.severity ?? rule.severity, code: rule.code, path: hit.path, message: hit.message });
  unplaced = applySeverities(unplaced, severities);
  const errorFree = !unplaced.some((f) => f.severity === "error");
  const shown = unplaced.slice(0, maxFindings);
  const left = unplaced.slice(shown.length);
  const omitted = left.length ? { errors: left.filter((f) => f.severity === "error").length, warnings: left.filter((f) => f.severity === "warning").length } : undefined;
  const positions = doc.locateAll(shown.map((f) => f.path));
  const findings: Finding[] = shown.map((f, n) => ({ ...f, path: formatPath(f.path), file, ...positions[n]! }));

  let config: unknown;
  let injected: Injection[] = [];
  if (result.success) {
    config = result.data;
    for (const { path, value } of passthrough) setAt(config, path, value);
    if (kind === "rl" && options.normalize !== false) ({ config, injected } = normalizeRLConfig(config as RLConfig));
  }
  return finish({ file, kind, kindReason: detected.reason, findings, omitted, config: errorFree ? config : undefined, injected: errorFree ? injected : [] }, severities);
}

/** Validates config text as `checkConfigText` does, loading the schema of the kind detected only (../schemas/config-schema.ts). */
export async function checkConfigTextLoading(text: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const started = startConfigCheck(text, options);
  return isFinished(started) ? started : finishConfigCheck(started, await loadConfigSchema(started.kind), options);
}

/** Reads and validates a config file; unreadable, binary or oversized files become findings too. */
export async function checkConfigFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const file = options.file ?? path;
  try {
    return await checkConfigTextLoading(await readConfigText(path, { keepBom: true }), { ...options, file });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return finish({ file, findings: [{ severity: "error", code: error.code, path: "", message: error.message, ...at(file, error.line, error.column) }], injected: [] }, options.severities);
  }
}
