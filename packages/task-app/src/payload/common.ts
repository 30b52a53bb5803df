/** Helpers shared by the RL and SFT payload builders. */
import { PayloadError } from "./errors.js";
import { algorithmCombo, SUPPORTED_ALGORITHMS } from "../schemas/train-common.js";

export type Table = Record<string, unknown>;

/** True for a plain table (object, not array, not null). */
export const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);

/** A deep copy without `undefined` values, the way synth-ai serializes a config (`exclude_none`). */
export function dropUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => dropUndefined(v)) as T;
  if (!isTable(value)) return value;
  const out: Table = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = dropUndefined(v);
  return out as T;
}

/** Appends `/api` to a backend base URL unless it already ends with it (synth-ai `ensure_api_base`). */
export function ensureApiBase(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return trimmed.endsWith("/api") ? trimmed : `${trimmed}/api`;
}

/** True for an absolute http:// or https:// URL. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s\x1c-\x1f\x85]+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The backend base URL from `--backend`, else BACKEND_BASE_URL, with `/api` ensured; undefined when neither is set. */
export function resolveBackend(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [source, raw] = flag?.trim() ? ["--backend", flag] : env.BACKEND_BASE_URL?.trim() ? ["BACKEND_BASE_URL", env.BACKEND_BASE_URL] : [];
  if (!raw) return undefined;
  const url = raw.trim();
  if (!isHttpUrl(url)) throw new PayloadError("backend_invalid", `backend URL from ${source} must be an http:// or https:// URL, got "${url}"`);
  return ensureApiBase(url);
}

/** Throws unless `[algorithm]` is a combination the trainer runs for this job kind (checked case-insensitively, trimmed). */
export function checkAlgorithm(kind: keyof typeof SUPPORTED_ALGORITHMS, algorithm: unknown): void {
  const allowed: readonly string[] = SUPPORTED_ALGORITHMS[kind];
  if (!isTable(algorithm)) throw new PayloadError("algorithm", `missing [algorithm]: ${kind.toUpperCase()} jobs need one of ${allowed.join(", ")}`);
  const combo = algorithmCombo(algorithm);
  if (!allowed.includes(combo))
    throw new PayloadError("algorithm", `unsupported ${kind.toUpperCase()} algorithm ${combo} (type/method/variety); use ${allowed.join(" or ")}`);
}
