/**
 * Environment API key handling (CONTRACT.md §3), made safe: keys are compared
 * in constant time, and nothing derived from a key ever reaches a response or
 * a log.
 */
import { timingSafeEqual } from "node:crypto";
import { redactSecrets } from "./secrets.js";

/** Environment variables that may hold keys. */
export type KeyEnv = Record<string, string | undefined>;

/** Most presented candidates looked at per request (a CSV header could hold thousands). */
const MAX_CANDIDATES = 16;

/**
 * The keys a server accepts: `ENVIRONMENT_API_KEY` (falling back to
 * `dev_environment_api_key`, then `DEV_ENVIRONMENT_API_KEY`) plus the
 * comma-separated `ENVIRONMENT_API_KEY_ALIASES`. Empty parts are ignored.
 */
export function resolveEnvironmentApiKeys(env: KeyEnv = process.env): string[] {
  const primary = [env.ENVIRONMENT_API_KEY, env.dev_environment_api_key, env.DEV_ENVIRONMENT_API_KEY]
    .map((v) => v?.trim())
    .find((v) => v);
  const aliases = (env.ENVIRONMENT_API_KEY_ALIASES ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return [...new Set([...(primary ? [primary] : []), ...aliases])];
}

/**
 * The keys a request presents: `X-API-Key`, `X-API-Keys` and a `Bearer`
 * `Authorization` token, each split on commas and trimmed.
 */
export function readPresentedKeys(headers: Headers | ((name: string) => string | null)): string[] {
  const out: string[] = [];
  addKeys(out, headerOf(headers, "x-api-key"));
  addKeys(out, headerOf(headers, "x-api-keys"));
  const authorization = headerOf(headers, "authorization");
  if (authorization && /^bearer\s/i.test(authorization)) addKeys(out, authorization.slice(authorization.search(/\s/) + 1));
  return out;
}

function headerOf(headers: Headers | ((name: string) => string | null), name: string): string | null {
  return typeof headers === "function" ? headers(name) : headers.get(name);
}

/** Adds the comma-separated keys of one header value, trimmed, up to MAX_CANDIDATES in all (one key: no split). */
function addKeys(out: string[], value: string | null): void {
  if (!value || out.length >= MAX_CANDIDATES) return;
  if (!value.includes(",")) {
    const key = value.trim();
    if (key) out.push(key);
    return;
  }
  for (const part of value.split(",")) {
    const key = part.trim();
    if (key) out.push(key);
    if (out.length >= MAX_CANDIDATES) return;
  }
}

/** Checks presented keys against a fixed set; each comparison takes time that depends only on the presented key's length. */
export interface KeyMatcher {
  /** How many keys are accepted (0 means auth is not configured). */
  readonly size: number;
  /** True when any presented key equals any accepted key. */
  matches(presented: readonly string[]): boolean;
  /** Replaces every accepted key inside `text`, and any run of its first 6 or more characters, with `[redacted]`. */
  redact(text: string): string;
}

/** Builds a matcher over the accepted keys. */
export function createKeyMatcher(keys: readonly string[]): KeyMatcher {
  const accepted = keys.map((k) => Buffer.from(k, "utf8"));
  return {
    size: keys.length,
    matches(presented) {
      let ok = false;
      for (const candidate of presented) {
        const c = Buffer.from(candidate, "utf8");
        for (const k of accepted) {
          // Always one comparison over the candidate's length, whatever the key: no early exit, no key-dependent timing.
          const same = c.length === k.length;
          ok = timingSafeEqual(c, same ? k : c) && same ? true : ok;
        }
      }
      return ok;
    },
    redact(text) {
      return redactSecrets(text, keys);
    },
  };
}
