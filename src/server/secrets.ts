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
const SECRET_PARAM = /key|token|secret|password|passwd|auth|sig|credential/i;

/** A URL's start (`scheme://`); the URL runs to the next whitespace, quote, bracket or backtick. */
const URL_START = /[a-z][a-z0-9+.-]*:\/\//gi;
const URL_END = /[\s"'`<>]/;

/** Options of {@link redactUrlCredentials}. */
export interface UrlRedaction {
  /** What replaces a credential (default `[redacted]`). */
  mark?: string;
  /** Keep the user name before a password (default true); false replaces it too. */
  keepUser?: boolean;
}

/**
 * Every URL inside `text` with its credentials replaced: the password of
 * its userinfo (any characters up to the last `@` of the URL, `/` included:
 * `postgres://u:pa/ss@host` is what people type), a userinfo without
 * password when `keepUser` is false, and the values of credential-like query
 * parameters (`password=`, `api_key=`, `auth_token=`, `token=`, `sig=`, ...).
 * Works on free text (messages, argv, JSON), not only on a URL alone, and
 * never throws: the one URL redactor for everything printed or written.
 */
export function redactUrlCredentials(text: string, options: UrlRedaction = {}): string {
  const mark = options.mark ?? REDACTED;
  const keepUser = options.keepUser ?? true;
  let out = "";
  let from = 0;
  for (const match of text.matchAll(URL_START)) {
    const start = match.index!;
    if (start < from) continue;
    const bodyStart = start + match[0].length;
    const endRel = text.slice(bodyStart).search(URL_END);
    const end = endRel === -1 ? text.length : bodyStart + endRel;
    let body = text.slice(bodyStart, end);
    const at = body.lastIndexOf("@");
    if (at !== -1) {
      const userinfo = body.slice(0, at);
      const colon = userinfo.indexOf(":");
      const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
      const shownUser = keepUser || user === "" ? user : mark;
      body = colon === -1 ? `${keepUser ? user : mark}@${body.slice(at + 1)}` : `${shownUser}:${mark}@${body.slice(at + 1)}`;
    }
    body = body.replace(/([?&;#])([^=&#;?]+)=([^&#;]*)/g, (all, sep: string, name: string, value: string) => (SECRET_PARAM.test(name) && value !== "" ? `${sep}${name}=${mark}` : all));
    out += text.slice(from, bodyStart) + body;
    from = end;
  }
  return out + text.slice(from);
}

/** `value` with {@link redactUrlCredentials} applied to every string in it (objects and arrays copied). */
export function redactUrlsDeep<T>(value: T, options: UrlRedaction = {}): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactUrlCredentials(v, options);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/**
 * A URL (or text holding URLs) safe to log: user and password, and
 * credential-like query values (`api_key`, `token`, ...), replaced with
 * `[redacted]`, then every known secret redacted.
 */
export function redactUrl(text: string, redact: SecretRedactor): string {
  return redact(redactUrlCredentials(text, { keepUser: false }));
}
