/**
 * Where training jobs go: `--backend`, else BACKEND_BASE_URL, else synth-ai's
 * production default, always ending in `/api` (synth-ai `ensure_api_base`).
 */
import { ensureApiBase, PayloadError } from "../payload/index.js";
import { TrainError } from "./errors.js";

/** The backend used when neither `--backend` nor BACKEND_BASE_URL is set (synth-ai's production default). */
export const DEFAULT_BACKEND_URL = "https://agent-learning.onrender.com/api";

/** The backend base URL with `/api`, and where it came from. */
export function resolveTrainBackend(flag: string | undefined, env: NodeJS.ProcessEnv): { url: string; source: string } {
  const [source, raw] = flag?.trim()
    ? ["--backend", flag.trim()]
    : env.BACKEND_BASE_URL?.trim()
      ? ["BACKEND_BASE_URL", env.BACKEND_BASE_URL.trim()]
      : ["default", DEFAULT_BACKEND_URL];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TrainError("usage", `backend URL from ${source} is not a URL: "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TrainError("usage", `backend URL from ${source} must be http:// or https://, got "${raw}"`);
  return { url: ensureApiBase(raw), source };
}

/** Turns a payload builder's error into a TrainError (exit 1), passing other errors through. */
export function fromPayloadError(error: unknown): unknown {
  return error instanceof PayloadError ? new TrainError("config", error.message) : error;
}
