/**
 * `train --model <id>` replaces the config's model, so the config's rules
 * run again on the config as it will be submitted: the model catalog
 * (training mode, vendor models, experimental ids) and the rules that depend
 * on the model (vision, thinking). Only what the replacement changes is
 * reported; the file's own findings were reported by its check.
 */
import { rules, type RuleHit } from "../config/rules/index.js";
import type { RuleContext } from "../config/rules/types.js";
import type { Severity } from "../config/findings.js";

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);

/** The config with `model` in place of its own, as the payload builder places it: the source model set, the base cleared. */
export function withModel(config: unknown, model: string): Table {
  const doc = structuredClone(config) as Table;
  if (isTable(doc.model)) {
    doc.model.source = model;
    delete doc.model.base;
  } else if (isTable(doc.policy)) {
    doc.policy.source = model;
    delete doc.policy.model_name;
  } else doc.model = { source: model };
  return doc;
}

export interface ModelFlagFinding {
  severity: Severity;
  code: string;
  message: string;
}

const hitsOf = (doc: Table, context: RuleContext) =>
  rules
    .filter((r) => r.kinds.includes("rl"))
    .flatMap((r) => r.check(doc, context).map((hit: RuleHit): ModelFlagFinding => ({ severity: hit.severity ?? r.severity, code: r.code, message: hit.message })));

/** The RL rules' findings that `--model` brings to `config` (not those the config had already). */
export function checkModelFlag(config: unknown, model: string, context: RuleContext = {}): ModelFlagFinding[] {
  const before = new Set(hitsOf(config as Table, context).map((f) => `${f.code}\0${f.message}`));
  return hitsOf(withModel(config, model), context).filter((f) => !before.has(`${f.code}\0${f.message}`));
}
