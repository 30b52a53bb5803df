/**
 * The one environment loader every command uses. Precedence, lowest first:
 *
 *   1. `./.env` in the working directory, read only when no `--env-file` is
 *      named (the implicit file a scaffolded project carries);
 *   2. the process environment: an exported variable beats the implicit `.env`;
 *   3. each `--env-file`, in order: a named file beats the environment, and a
 *      later file beats an earlier one.
 *
 * `loadEnvironment` returns the merged result and touches nothing;
 * `applyEnvironment` writes it into `process.env` for code that reads it there.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";

/** The merged environment and where keys were looked for, in order of precedence (lowest first). */
export interface LoadedEnvironment {
  env: NodeJS.ProcessEnv;
  /** The implicit `.env` (when read), "the environment", then each named file. */
  sources: string[];
  /** The implicit `.env` that was read, if any. */
  implicit?: string;
}

/** An env file that cannot be read or parsed: a usage error (exit 2). */
export class EnvFileError extends Error {
  override name = "EnvFileError";
}

const REASONS: Record<string, string> = { ENOENT: "no such file", EACCES: "permission denied", EISDIR: "is a directory" };

/** The variables of one env file; `flag` names how it was given, for the message. */
function readEnvFile(path: string, shown: string, flag: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new EnvFileError(`cannot read env file ${shown} (${flag}): ${REASONS[code] ?? (error as Error).message}${code ? ` (${code})` : ""}`);
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text))) if (value !== undefined) values[key] = value;
  return values;
}

/** Merges the implicit `.env`, `base` (default process.env) and the named files by the rule above. */
export function loadEnvironment(files: readonly string[], options: { base?: NodeJS.ProcessEnv; cwd?: string } = {}): LoadedEnvironment {
  const cwd = options.cwd ?? process.cwd();
  const base = options.base ?? process.env;
  const env: NodeJS.ProcessEnv = {};
  const sources: string[] = [];
  let implicit: string | undefined;
  if (!files.length) {
    const path = resolve(cwd, ".env");
    if (existsSync(path) && statSync(path).isFile()) {
      Object.assign(env, readEnvFile(path, path, "read because no --env-file was given"));
      sources.push(path);
      implicit = path;
    }
  }
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  sources.push("the environment");
  for (const file of files) {
    const path = resolve(cwd, file);
    Object.assign(env, readEnvFile(path, file, "--env-file"));
    sources.push(path);
  }
  return { env, sources, ...(implicit ? { implicit } : {}) };
}

/** Loads by the same rule and writes the result into `process.env`; returns what was loaded. */
export function applyEnvironment(files: readonly string[], options: { cwd?: string } = {}): LoadedEnvironment {
  const loaded = loadEnvironment(files, { base: process.env, cwd: options.cwd });
  for (const [key, value] of Object.entries(loaded.env)) if (process.env[key] !== value) process.env[key] = value;
  return loaded;
}

