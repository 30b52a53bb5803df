/**
 * Every finding code `task-app validate` can report, with its default
 * severity and one line for the docs: the schema stage (unknown keys, types,
 * values), the input stage (unreadable files, TOML/JSON syntax), the Zod
 * refinements that carry a rule id, and the cross-section rules of
 * ./rules/. The reference (`generated/CONFIG.md#rule-<code>`) and the
 * language server's links are built from this list, so a code is documented
 * wherever it is reported.
 */
import type { Severity } from "./findings.js";
import { rules } from "./rules/index.js";

export interface FindingCodeDoc {
  code: string;
  severity: Severity;
  /** Which checks report it: "input", "schema", "refinement" or "rule". */
  stage: "input" | "schema" | "refinement" | "rule";
  /** Config kinds the code applies to (empty: every kind). */
  kinds: readonly string[];
  summary: string;
}

const input = (code: string, summary: string): FindingCodeDoc => ({ code, severity: "error", stage: "input", kinds: [], summary });
const schema = (code: string, severity: Severity, summary: string): FindingCodeDoc => ({ code, severity, stage: "schema", kinds: [], summary });
const refinement = (code: string, kinds: string[], summary: string): FindingCodeDoc => ({ code, severity: "error", stage: "refinement", kinds, summary });

/** Codes reported before and by the schema, in the order of the pipeline. */
const BUILT_IN: readonly FindingCodeDoc[] = [
  input("not_found", "The file does not exist."),
  input("is_directory", "The path is a directory, not a config file."),
  input("not_regular", "The path is a FIFO, device or socket: only regular files are read."),
  input("empty", "The file is empty."),
  input("binary", "The file holds a NUL byte: it is not text."),
  input("invalid_utf8", "The file is not UTF-8 (UTF-16, or an invalid byte)."),
  input("too_large", "The file is larger than any config (4 MiB, or more than 20,000 keys)."),
  input("unreadable", "The file cannot be read (permissions, I/O error)."),
  input("toml_syntax", "The file is not valid TOML; the finding points at the first error."),
  input("json_syntax", "The rubric file is not valid JSON."),
  input("unknown_kind", 'Nothing says what kind of config this is: add type = "rl" | "sft" | "eval" | "filter", or pass --kind.'),
  schema("unknown_key", "error", "A key the schema does not declare: a typo (with its did-you-mean) or a key in the wrong table (with the tables it belongs in). --allow-unknown keeps it."),
  schema("missing_key", "error", "A required key or table is absent."),
  schema("invalid_type", "error", "A value of the wrong TOML type (a string where an integer belongs, ...)."),
  schema("invalid_value", "error", "A value outside the allowed set (with a did-you-mean for a mistyped enum value)."),
  schema("out_of_range", "error", "A number, string or array outside its bounds."),
  schema("coerced_value", "warning", "A quoted number or boolean that synth-ai's pydantic models coerce: it is accepted, written as its typed value is clearer."),
  schema("forwarded_flag", "warning", "A 0 or 1 where a boolean belongs, at a key synth-ai forwards untyped (rollout.policy_config.use_vision = 1): forwarded as written, read by the task app as false or true; write the boolean."),
  schema("inexact_integer", "warning", "An integer beyond ±2^53, which has no exact JavaScript number."),
  refinement("model_source_xor_base", ["rl"], "Exactly one of model.source (a fine-tuned id) or model.base (a base model id)."),
  refinement("policy_model_xor_source", ["rl"], "Exactly one of policy.model_name or policy.source."),
  refinement("judge_module_xor_path", ["eval"], "A judge names exactly one of module or path."),
  refinement("eval_top_level_ignored", ["eval"], "With an [eval] table, every other key goes inside it (the eval CLI reads only [eval])."),
  refinement("filter_score_range", ["filter"], "filter.min_official_score is at most filter.max_official_score."),
  refinement("filter_shuffle_seed", ["filter"], "filter.shuffle_seed needs shuffle = true."),
];

/** Every documented finding code: the built-in ones, then the cross-section rules. */
export function findingCodes(): FindingCodeDoc[] {
  return [...BUILT_IN, ...rules.map((r) => ({ code: r.code, severity: r.severity, stage: "rule" as const, kinds: r.kinds, summary: r.summary }))];
}

/** Anchor of a finding code in generated/CONFIG.md. */
export function codeAnchorOf(code: string): string {
  return `rule-${code.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
