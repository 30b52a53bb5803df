/** The shape of a cross-section rule run by `task-app validate` after the schema. */
import type { Severity } from "../findings.js";
import type { ConfigKind } from "../../schemas/registry.js";

export type Table = Record<string, unknown>;
export type PathSegment = string | number;

export interface RuleHit {
  path: PathSegment[];
  message: string;
  /** Overrides the rule's severity for this hit. */
  severity?: Severity;
}

/** What a rule may be told by the caller (command-line switches). */
export interface RuleContext {
  /** `--allow-unknown-models`: a model id outside synth-ai's catalog is a warning, for backends with a larger catalog. */
  allowUnknownModels?: boolean;
}

export interface Rule {
  /** Stable code, printed in `--json` output and used to look the rule up in docs. */
  code: string;
  kinds: readonly ConfigKind[];
  severity: Severity;
  /** One line for the docs: what the rule checks and why. */
  summary: string;
  /** Reads the raw parsed document (which may be invalid elsewhere) and reports hits. */
  check(doc: Table, context: RuleContext): RuleHit[];
}

/** The table at `key`, or undefined when it is absent or not a table. */
export const tableAt = (doc: unknown, ...path: string[]): Table | undefined => {
  let current: unknown = doc;
  for (const key of path) {
    if (!current || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Table)[key];
  }
  return current && typeof current === "object" && !Array.isArray(current) ? (current as Table) : undefined;
};

export const numberAt = (t: Table | undefined, key: string): number | undefined =>
  typeof t?.[key] === "number" ? (t[key] as number) : undefined;

/** Defines a rule with its type checked. */
export const defineRule = (rule: Rule): Rule => rule;
