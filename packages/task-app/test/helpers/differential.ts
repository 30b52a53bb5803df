/**
 * What the emitted JSON Schema should say about a document, derived from
 * Zod: the same verdict, except where Zod's only objections are refinements
 * JSON Schema cannot state (UNEXPRESSED_RULES), which the schema accepts.
 */
import { Ajv } from "ajv";
import type { z } from "zod";
import { UNEXPRESSED_RULES } from "../../src/codegen/rules.js";
import { formatPath } from "../../src/config/findings.js";

export interface ExpectedVerdict {
  /** Zod accepts the document. */
  zod: boolean;
  /** A JSON Schema validator should accept it. */
  jsonSchema: boolean;
  /** The documented rule that explains a difference, if any. */
  exception?: string;
}

/** Zod's verdict and the JSON Schema verdict it implies. */
export function expectedVerdict(schemaId: string, schema: z.ZodType, doc: unknown): ExpectedVerdict {
  const result = schema.safeParse(doc);
  if (result.success) return { zod: true, jsonSchema: true };
  const rules = UNEXPRESSED_RULES.filter((r) => r.schemaId === schemaId);
  const explained = result.error.issues.map((issue) => {
    const rule = (issue as { params?: { rule?: unknown } }).params?.rule;
    return rules.find((r) => r.path === formatPath(issue.path) && (r.zodRule === issue.message || r.zodRule === rule));
  });
  if (explained.every((r) => r !== undefined)) {
    return { zod: false, jsonSchema: true, exception: explained[0]!.zodRule };
  }
  return { zod: false, jsonSchema: false };
}

/** Documents per schema. */
export const RUNS = 2_000;
/** Fixed by default so a failure reproduces; set FC_SEED to explore. */
export const SEED = Number(process.env.FC_SEED ?? 20_261_122);

/** ajv (draft-07) in strict mode, told about the editor extension keywords. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: false });
  ajv.addKeyword({ keyword: "x-taplo", schemaType: "object" });
  ajv.addKeyword({ keyword: "x-tombi-toml-version", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-tombi-table-keys-order", schemaType: ["string", "object"] });
  ajv.addKeyword({ keyword: "x-tombi-additional-key-label", schemaType: "string" });
  return ajv;
}
