/**
 * Keeping secrets out of logs and relayed text. Every API key the process
 * knows about is a secret: the environment keys and their aliases, vendor
 * keys (OPENAI_API_KEY, GROQ_API_KEY, SYNTH_API_KEY, their dev_ fallbacks)
 * and anything else whose variable name ends in `_API_KEY`. A secret is
 * redacted whole and also when only its start or its end shows: any piece of
 * 6 or more leading or trailing characters, the length of the shortest key
 * prefix synth-ai servers and vendors echo back (vendors also echo a key's
 * last characters, as in `sk-proj-****...6789abcd`).
 */
import type { KeyEnv } from "./auth.js";

/** Vendor key variables always treated as secrets (with their dev_ fallbacks). */
export const VENDOR_KEY_NAMES = ["OPENAI_API_KEY", "GROQ_API_KEY", "SYNTH_API_KEY"] as const;

/** Variable names holding secrets: `*_API_KEY`, `*_API_KEYS` and `*_API_KEY_ALIASES` (comma-separated lists), any case. */
const SECRET_NAME = /_API_KEY(?:S|_ALIASES)?$/i;

/** Shortest leading or trailing piece of a secret that is redacted on its own. */
export const MIN_SECRET_PREFIX = 6;

/** Secrets shorter than this are not redacted: a key that short would mangle ordinary text and is no real key. */
const MIN_SECRET_LENGTH = 4;

const REDACTED = "[redacted]";

/** Every secret value in `env`, comma-separated lists split and trimmed, longest first. */
export function collectSecrets(env: KeyEnv, extra: readonly string[] = []): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    for (const part of (value ?? "").split(",")) {
      const secret = part.trim();
      if (secret.length >= MIN_SECRET_LENGTH) found.add(secret);
    }
  };
  for (const name of VENDOR_KEY_NAMES) add(env[name]);
  for (const [name, value] of Object.entries(env)) if (SECRET_NAME.test(name)) add(value);
  for (const value of extra) add(value);
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Replaces each secret in `text`, every run of its first 6 or more
 * characters and every run of its last 6 or more (a shorter secret: the
 * whole of it), with `[redacted]`. Where secrets share a start or an end, the
 * longest match wins, and overlapping matches are merged, so no piece of one
 * key is left behind by another.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const spans: [number, number][] = [];
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const size = Math.min(MIN_SECRET_PREFIX, secret.length);
    const head = secret.slice(0, size);
    for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, at + 1)) {
      let end = at + head.length;
      while (end - at < secret.length && text[end] === secret[end - at]) end++;
      spans.push([at, end]);
    }
    const tail = secret.slice(-size);
    const last = secret.length - 1;
    for (let at = text.indexOf(tail); at !== -1; at = text.indexOf(tail, at + 1)) {
      const end = at + tail.length;
      let start = at;
      while (end - start < secret.length && start > 0 && text[start - 1] === secret[last - (end - start)]) start--;
      spans.push([start, end]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let from = 0;
  let [start, end] = spans[0]!;
  for (const [s, e] of spans.slice(1)) {
    if (s <= end) end = Math.max(end, e);
    else {
      out += text.slice(from, start) + REDACTED;
      from = end;
      [start, end] = [s, e];
    }
  }
  return out + text.slice(from, start) + REDACTED + text.slice(end);
}

/** Redacts text against the secrets of an environment, read at each call so keys set after startup count too. */
export type SecretRedactor = (text: string) => string;

/** A redactor over `env` (default `process.env`) plus `extra` secrets. */
export function createSecretRedactor(env: KeyEnv = process.env, extra: readonly string[] = []): SecretRedactor {
  return (text) => redactSecrets(text, collectSecrets(env, extra));
}

/** Query parameters whose values are credentials whatever their value. */
const SECRET_PARAM = /key|token|secret|password|auth|sig/i;

/**
 * A URL safe to log: user and password, and credential-like query values
 * (`api_key`, `token`, ...), replaced with `[redacted]`, then every known
 * secret redacted. Text that is not a URL is only redacted.
 */
export function redactUrl(text: string, redact: SecretRedactor): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return redact(text);
  }
  if (url.username) url.username = REDACTED;
  if (url.password) url.password = REDACTED;
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAM.test(name)) url.searchParams.set(name, REDACTED);
  let shown = url.href;
  try {
    shown = decodeURI(shown);
  } catch {
    // malformed escapes: keep the encoded form
  }
  return redact(shown);
}
