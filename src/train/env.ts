/**
 * The environment a training run reads: the process environment with the
 * `--env-file` files layered over it (later files win). When no file is
 * named, `./.env` is read if it exists, as synth-ai's `train` does. The
 * process environment itself is left untouched.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadEnvFiles } from "../server/load.js";
import { TrainError } from "./errors.js";

/** The merged environment and the places keys were looked for, in order. */
export interface TrainEnv {
  env: NodeJS.ProcessEnv;
  /** "the environment" then each env file read. */
  sources: string[];
}

/** Layers the env files over `base` (default process.env) into a new object. */
export function loadTrainEnv(files: readonly string[], options: { base?: NodeJS.ProcessEnv; cwd?: string } = {}): TrainEnv {
  const cwd = options.cwd ?? process.cwd();
  const env: NodeJS.ProcessEnv = { ...(options.base ?? process.env) };
  const paths = files.length ? files.map((f) => resolve(cwd, f)) : existsSync(resolve(cwd, ".env")) ? [resolve(cwd, ".env")] : [];
  try {
    loadEnvFiles(paths, env);
  } catch (error) {
    throw new TrainError("usage", (error as Error).message);
  }
  return { env, sources: ["the environment", ...paths] };
}

/** The trimmed value of `name`, or a TrainError naming the variable and where it was looked for. */
export function requireSecret(loaded: TrainEnv, name: string, purpose: string): string {
  const value = loaded.env[name]?.trim();
  if (value) return value;
  const where = loaded.sources.length > 1 ? `${loaded.sources.slice(0, -1).join(", ")} and ${loaded.sources.at(-1)}` : loaded.sources[0];
  throw new TrainError("missing_key", `${name} is not set (${purpose}); looked in ${where}. Set it or pass --env-file with a file that defines it`);
}
