/**
 * The editor catalog: a SchemaStore-style `schemas/catalog.json` listing
 * every config schema with the file globs it binds to, so an editor or a
 * `taplo.toml` can pick the schemas up.
 */
import type { ConfigSchemaEntry } from "../schemas/registry.js";
import { serializeJson } from "./serialize.js";

/** One catalog entry (SchemaStore `schemas[]` item). */
export interface CatalogEntry {
  name: string;
  description: string;
  fileMatch: string[];
  url: string;
}

/** Returns the text of `schemas/catalog.json` for the given entries; `urlOf` gives each schema's URL (relative to the catalog, or absolute). */
export function generateCatalog(
  entries: readonly Pick<ConfigSchemaEntry, "id" | "title" | "description" | "fileMatch">[],
  urlOf: (id: string) => string,
): string {
  const schemas: CatalogEntry[] = entries.map((entry) => ({
    name: entry.title,
    description: entry.description,
    fileMatch: [...entry.fileMatch],
    url: urlOf(entry.id),
  }));
  return serializeJson({
    $schema: "https://json.schemastore.org/schema-catalog.json",
    version: 1,
    schemas,
  });
}
