/**
 * Trace store URLs: a path or `file:` URL (SQLite, WAL), a libsql server
 * (`http(s)://`, `libsql://`, `ws(s)://`) or PostgreSQL (`postgres://`).
 * A directory (or a path without `.db`-like extension) means `synth_ai.db`
 * inside it, as `--trace traces/v3` does in synth-ai.
 */
import { existsSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { redactUrlCredentials } from "../server/secrets.js";

/** The default store, relative to the working directory. */
export const DEFAULT_TRACE_DB = "traces/v3/synth_ai.db";
/** The file a directory store holds. */
export const TRACE_DB_FILE = "synth_ai.db";

export type TraceTarget =
  | { kind: "sqlite"; path: string }
  | { kind: "libsql"; url: string; authToken: string | undefined }
  | { kind: "postgres"; url: string };

/** Resolves what `--trace`, `--db` or `TASKAPP_TRACE_DB` names. */
export function resolveTraceTarget(spec: string, env: NodeJS.ProcessEnv = process.env): TraceTarget {
  const text = spec.trim();
  if (text === "") throw new Error("trace store URL is empty");
  if (/^postgres(ql)?:\/\//i.test(text)) return { kind: "postgres", url: text };
  if (/^(https?|libsql|wss?):\/\//i.test(text)) {
    const url = new URL(text);
    const fromUrl = url.searchParams.get("auth_token") ?? url.searchParams.get("authToken") ?? undefined;
    url.searchParams.delete("auth_token");
    url.searchParams.delete("authToken");
    const authToken = fromUrl ?? env.TASKAPP_TRACE_AUTH_TOKEN ?? env.LIBSQL_AUTH_TOKEN ?? env.TURSO_AUTH_TOKEN;
    return { kind: "libsql", url: url.toString(), authToken: authToken || undefined };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^file:/i.test(text))
    throw new Error(`unsupported trace store URL scheme in ${redactTraceUrl(text)}: use a path, file:, http(s)://, libsql:// or postgres://`);
  const path = /^file:/i.test(text) ? (text.startsWith("file://") ? fileURLToPath(text) : text.slice(5)) : text;
  // SQLite's name for a private in-memory database: taken as a path it would become a folder named ":memory:".
  if (/^:memory:/i.test(path))
    throw new Error("an in-memory trace store (:memory:) is not supported: the store's writer thread and its readers are separate connections, and nothing would outlive the process; give a file path such as traces/v3/synth_ai.db");
  const absolute = resolve(path);
  const isDirectory = existsSync(absolute) ? statSync(absolute).isDirectory() : extname(absolute) === "" || /[\\/]$/.test(path);
  return { kind: "sqlite", path: isDirectory ? join(absolute, TRACE_DB_FILE) : absolute };
}

/** A store URL (or a message holding one) with its password and auth token replaced by `***`, safe to log (the shared URL redactor). */
export function redactTraceUrl(text: string): string {
  return redactUrlCredentials(text, { mark: "***" });
}
