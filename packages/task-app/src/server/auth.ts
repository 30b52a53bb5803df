/**
 * Environment API key handling (CONTRACT.md §3), made safe: keys are compared
 * in constant time, and nothing derived from a key ever reaches a response or
 * a log.
 */
import { randomBytes } from "node:crypto";
import { redactSecrets } from "./secrets.js";

/** Environment variables that may hold keys. */
export type KeyEnv = Record<string, string | undefined>;

/** Most presented candidates looked at per request (a CSV header could hold thousands). */
const MAX_CANDIDATES = 16;

/** A fresh random environment API key (192 bits, URL-safe): what a new project's .env, the demo and `eval --app` without a key use. */
export function generateApiKey(): string {
  return `ta_${randomBytes(24).toString("base64url")}`;
}

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

/** Node's record of a request's headers (`IncomingMessage.headers`: lower-case names, repeated ones as arrays). */
export type HeaderRecord = Readonly<Record<string, string | string[] | undefined>>;

/** Headers as a Fetch-API `Headers`, a lookup function, or Node's `IncomingMessage.headers` record (lower-case names). */
export type PresentedHeaders = Headers | ((name: string) => string | null) | HeaderRecord;

/**
 * The keys a request presents: `X-API-Key`, `X-API-Keys` and a `Bearer`
 * `Authorization` token, each split on commas and trimmed.
 */
export function readPresentedKeys(headers: PresentedHeaders): string[] {
  let out = addKeys(undefined, headerOf(headers, "x-api-key"));
  out = addKeys(out, headerOf(headers, "x-api-keys"));
  const authorization = headerOf(headers, "authorization");
  if (authorization && /^bearer\s/i.test(authorization)) out = addKeys(out, authorization.slice(authorization.search(/\s/) + 1));
  return out ?? [];
}

/** One header of Node's record the way `Headers.get` reads it (repeated values joined with ", "), or null. */
export function recordHeader(headers: HeaderRecord, name: string): string | null {
  const value = headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** One header's value as `Headers.get` gives it, or null. */
function headerOf(headers: PresentedHeaders, name: string): string | null {
  if (typeof headers === "function") return headers(name);
  // A Node record may hold a header named "get", but its value is never a function.
  if (typeof headers.get === "function") return (headers as Headers).get(name);
  return recordHeader(headers as HeaderRecord, name);
}

/**
 * Adds the comma-separated keys of one header value, trimmed, up to
 * MAX_CANDIDATES in all (one key: no split); `out` is made on the first key
 * (a one-key literal: an empty array's first push would reserve room for 17).
 */
function addKeys(out: string[] | undefined, value: string | null): string[] | undefined {
  if (!value || (out !== undefined && out.length >= MAX_CANDIDATES)) return out;
  if (!value.includes(",")) {
    const key = value.trim();
    if (!key) return out;
    if (out === undefined) return [key];
    out.push(key);
    return out;
  }
  for (const part of value.split(",")) {
    const key = part.trim();
    if (key) {
      if (out === undefined) out = [key];
      else out.push(key);
    }
    if (out !== undefined && out.length >= MAX_CANDIDATES) return out;
  }
  return out;
}

/** Checks presented keys against a fixed set; each comparison takes time that depends only on the presented key's length (and the number of keys). */
export interface KeyMatcher {
  /** How many keys are accepted (0 means auth is not configured). */
  readonly size: number;
  /** True when any presented key equals any accepted key. */
  matches(presented: readonly string[]): boolean;
  /** Replaces every accepted key inside `text`, and any run of its first 6 or more characters, with `[redacted]`. */
  redact(text: string): string;
}

/** `text` with each unpaired surrogate replaced by U+FFFD, as UTF-8 encoding does (Node 20 has `toWellFormed`; TypeScript's ES2022 library does not declare it). */
function wellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}

/** Smallest length of the code tables keys are compared against: keys up to this long share one size. */
const MIN_TABLE = 64;

/**
 * Builds a matcher over the accepted keys.
 *
 * Two strings have the same UTF-8 bytes exactly when they are the same once
 * each unpaired surrogate is replaced by U+FFFD (what the encoder writes for
 * it), so keys and candidates are compared as code units after
 * `toWellFormed`, in JavaScript: no Buffer is made and no binding called per
 * request. Each key's code units sit in a table whose size is the same for
 * every key (a power of two, at least MIN_TABLE, enough for the longest key)
 * and a candidate is compared over its own length against `table[i & mask]`:
 * every comparison does the same work whatever the keys hold or how long
 * they are (no early exit, no branch on a key's length, no division), one
 * step per code unit of the candidate.
 */
export function createKeyMatcher(keys: readonly string[]): KeyMatcher {
  const accepted = keys.map(wellFormed);
  let size = MIN_TABLE;
  for (const key of accepted) while (size < key.length) size *= 2;
  const mask = size - 1;
  const tables = accepted.map((key) => {
    const table = new Uint16Array(size);
    for (let i = 0; i < key.length; i++) table[i] = key.charCodeAt(i);
    return table;
  });
  const lengths = accepted.map((key) => key.length);
  return {
    size: keys.length,
    matches(presented) {
      let ok = 0;
      for (const candidate of presented) {
        const c = wellFormed(candidate);
        const n = c.length;
        for (let k = 0; k < tables.length; k++) {
          const table = tables[k]!;
          // Differs from 0 when the lengths differ or any code unit does; within a key's length the table holds the key.
          let diff = n ^ lengths[k]!;
          for (let i = 0; i < n; i++) diff |= c.charCodeAt(i) ^ table[i & mask]!;
          ok |= Number(diff === 0);
        }
      }
      return ok === 1;
    },
    redact(text) {
      return redactSecrets(text, keys);
    },
  };
}
