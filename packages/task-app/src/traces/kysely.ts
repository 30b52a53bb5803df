/**
 * Kysely's values, as the trace store layer loads them: every module of the layer imports the
 * values it uses from here (types from "kysely" itself), and the build replaces this module's
 * output with one file holding them and the Kysely code they need (scripts/bundle-vendor.mjs).
 * Kysely's package is about 260 ES module files, about 230 ms of CPU to load in every process
 * that opens or reads a trace store (`traces`, `export-sft`, `filter`, `view`, a traced `eval`
 * or `serve`); one file, about 25 ms. One module, so a process holds one copy.
 */
export { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteIntrospector, SqliteQueryCompiler, sql } from "kysely";
