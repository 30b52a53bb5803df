/**
 * Every public schema and the artifact it produces. Generators walk this list
 * in order; adding a schema here is how it gets a JSON Schema file, a place in
 * the editor catalog and a section in the config reference.
 */
import type { z } from "zod";

export interface ConfigSchemaEntry {
  /** Stable id, also the file stem: `schemas/<id>.schema.json`. */
  id: string;
  title: string;
  description: string;
  schema: z.ZodType;
  /** Globs an editor uses to bind the schema to TOML files (SchemaStore `fileMatch`). */
  fileMatch: string[];
}

/** Filled in as the config schemas land; see src/schemas/*.ts. */
export const configSchemas: ConfigSchemaEntry[] = [];
