/**
 * The environment a training run reads: the shared rule of
 * `../server/env.ts` (./.env when no --env-file is named, under the process
 * environment; named files over it, later wins), into a new object. The
 * process environment itself is left untouched.
 */
import { EnvFileError, loadEnvironment } from "../server/env.js";
import { TrainError } from "./errors.js";

/** The merged environment and the places keys were looked for, in order. */
export interface TrainEnv {
  env: NodeJS.ProcessEnv;
  /** Where keys were looked for, lowest precedence first. */
  sources: string[];
}

/** Merges the env files with `base` (default process.env) into a new object. */
export function loadTrainEnv(files: readonly string[], options: { base?: NodeJS.ProcessEnv; cwd?: string } = {}): TrainEnv {
  try {
    const { env, sources } = loadEnvironment(files, options);
    return { env, sources };
  } catch (error) {
    if (error instanceof EnvFileError) throw new TrainError("usage", error.message);
    throw error;
  }
}

/** The trimmed value of `name`, or a TrainError naming the variable and where it was looked for. */
export function requireSecret(loaded: TrainEnv, name: string, purpose: string): string {
  const value = loaded.env[name]?.trim();
  if (value) return value;
  const where = loaded.sources.length > 1 ? `${loaded.sources.slice(0, -1).join(", ")} and ${loaded.sources.at(-1)}` : loaded.sources[0];
  throw new TrainError("missing_key", `${name} is not set (${purpose}); looked in ${where}. Set it or pass --env-file with a file that defines it`);
}
