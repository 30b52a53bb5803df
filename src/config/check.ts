/**
 * The whole validation of one config: read, parse TOML, detect the kind,
 * check the schema, run the cross-section rules, normalize. Never throws for
 * bad input: everything wrong becomes a positioned finding.
 */
import type { z } from "zod";
import { getConfigSchema, type ConfigKind } from "../schemas/registry.js";
import type { RLConfig } from "../schemas/rl-config.js";
import { applyCoercions, parseWithLaxScalars } from "./coerce.js";
import { detectConfigKind } from "./detect.js";
import { formatPath, type Finding } from "./findings.js";
import { issuesToFindings, valueAt, type UnplacedFinding } from "./issues.js";
import { normalizeRLConfig, type Injection } from "./normalize.js";
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
  /**
   * Report at most this many findings (default 100), the first ones found;
   * the others are counted in `omitted` but never positioned or formatted,
   * so a file with 200,000 unknown keys costs little more than a valid one.
   */
  maxFindings?: number;
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

function finish(check: Omit<ConfigCheck, "ok">): ConfigCheck {
  const findings = [...check.findings].sort((a, b) => a.line - b.line || a.column - b.column || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
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
  const typed = typeof from === "string" && typeof to === "number" ? from.trim() : String(to);
  const last = path[path.length - 1];
  const write = typeof last === "number" ? typed : `${String(last)} = ${typed}`;
  return `${JSON.stringify(from)} is not a ${typeof to}; synth-ai coerces it and submits ${String(to)}: write ${write}`;
}

/** Validates config text. */
export function checkConfigText(text: string, options: CheckOptions = {}): ConfigCheck {
  const { file } = options;
  let doc: TomlDocument;
  try {
    doc = parseTomlDocument(text);
  } catch (error) {
    if (error instanceof TomlLimitError)
      return finish({ file, findings: [{ severity: "error", code: "too_large", path: "", message: error.reason, ...at(file, error.line, error.column) }], injected: [] });
    if (!(error instanceof TomlSyntaxError)) throw error;
    return finish({ file, findings: [{ severity: "error", code: "toml_syntax", path: "", message: `invalid TOML: ${error.reason}`, ...at(file, error.line, error.column) }], injected: [] });
  }
  const detected = options.kind ? { kind: options.kind, reason: "--kind" } : detectConfigKind(doc.value, file);
  if (!detected)
    return finish({
      file,
      findings: [{ severity: "error", code: "unknown_kind", path: "", message: 'cannot tell what kind of config this is; add type = "rl" | "sft" | "eval" | "filter" | "deploy" or pass --kind', ...at(file, 1, 1) }],
      injected: [],
    });

  const { kind } = detected;
  const schema = getConfigSchema(kind).schema;
  let result = schema.safeParse(doc.value);
  let issues = result.success ? [] : result.error.issues;
  let input = doc.value;
  let passthrough: { path: PropertyKey[]; value: unknown }[] = [];
  const maxFindings = Math.max(1, options.maxFindings ?? DEFAULT_MAX_FINDINGS);
  const kept: UnplacedFinding[] = [];
  if (options.allowUnknown && issues.some((i) => i.code === "unrecognized_keys")) {
    const unknown = issues.filter((i) => i.code === "unrecognized_keys");
    // Kept keys that look like a typo or a misplaced key still get their hint, as a warning.
    for (const f of issuesToFindings(unknown, doc.value, schema, maxFindings).slice(0, maxFindings))
      if (/; (did you mean|it belongs in) /.test(f.message)) kept.push({ ...f, severity: "warning", message: f.message.replace(/^(unknown key "[^"]*"(?: in \[[^\]]*\])?)/, "$1 is kept (--allow-unknown)") });
    const { copy, removed } = splitUnknown(doc.value, issues);
    passthrough = removed;
    input = copy;
    result = schema.safeParse(copy);
    issues = result.success ? [] : result.error.issues;
  }
  const lax = result.success ? undefined : parseWithLaxScalars(schema, input, issues);
  if (lax?.coerced.length) {
    result = lax.result;
    issues = result.success ? [] : result.error.issues;
  }

  const unplaced = [...issuesToFindings(issues, doc.value, schema, maxFindings), ...kept];
  for (const { path, from, to } of lax?.coerced ?? []) unplaced.push({ severity: "warning", code: "coerced_value", path, message: coercionMessage(path, from, to) });
  for (const { path, literal } of doc.inexactIntegers)
    unplaced.push({ severity: "warning", code: "inexact_integer", path, message: `integer ${literal} is beyond ±2^53 and has no exact number; it is read as ${String(valueAt(doc.value, path))}` });
  // Rules see what synth-ai's models would: the values pydantic coerces, coerced.
  const ruleInput = lax?.coerced.length ? applyCoercions(doc.value, lax.coerced) : doc.value;
  for (const rule of rules.filter((r) => r.kinds.includes(kind)))
    for (const hit of rule.check(ruleInput)) unplaced.push({ severity: hit.severity ?? rule.severity, code: rule.code, path: hit.path, message: hit.message });
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
  return finish({ file, kind, kindReason: detected.reason, findings, omitted, config: errorFree ? config : undefined, injected: errorFree ? injected : [] });
}

/** Reads and validates a config file; unreadable, binary or oversized files become findings too. */
export async function checkConfigFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const file = options.file ?? path;
  try {
    return checkConfigText(await readConfigText(path), { ...options, file });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return finish({ file, findings: [{ severity: "error", code: error.code, path: "", message: error.message, ...at(file, error.line, error.column) }], injected: [] });
  }
}
