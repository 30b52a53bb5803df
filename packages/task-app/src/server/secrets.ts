/**
 * Keeping secrets out of logs and relayed text. Every API key the process
 * knows about is a secret: the environment keys and their aliases, vendor
 * keys (OPENAI_API_KEY, GROQ_API_KEY, SYNTH_API_KEY, their dev_ fallbacks)
 * and anything else whose variable name ends in `_API_KEY`. A secret is
 * redacted whole and also when only part of it shows: any run of 6 or more
 * of its consecutive characters, the length of the shortest key prefix
 * synth-ai servers and vendors echo back (vendors also echo a key's last
 * characters, as in `sk-proj-****...6789abcd`, and a relay may cut a slice
 * from its middle).
 */
import type { KeyEnv } from "./auth.js";

/** Vendor key variables always treated as secrets (with their dev_ fallbacks). */
export const VENDOR_KEY_NAMES = ["OPENAI_API_KEY", "GROQ_API_KEY", "SYNTH_API_KEY"] as const;

/** Variable names holding secrets: `*_API_KEY`, `*_API_KEYS` and `*_API_KEY_ALIASES` (comma-separated lists), any case. */
const SECRET_NAME = /_API_KEY(?:S|_ALIASES)?$/i;

/** Shortest piece of a secret (anywhere in it) that is redacted on its own. */
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
  // Names first, a value only where the name says secret: process.env fetches each value it is asked for.
  for (const name of Object.keys(env)) if (SECRET_NAME.test(name)) add(env[name]);
  for (const value of extra) add(value);
  return [...found].sort((a, b) => b.length - a.length);
}

/** A window of a secret: which secret, and where in it the window starts. */
interface Window {
  secret: string;
  offset: number;
}

/** What `redactSecrets` precomputes for a list of secrets: the hash of every 6-character window, and the secrets too short to have one. */
interface WindowIndex {
  windows: Map<number, Window[]>;
  /** One byte per low 16 bits of a window hash: most text positions are passed over without a Map lookup. */
  filter: Uint8Array;
  short: string[];
}

const HASH_BASE = 0x01000193;
/** HASH_BASE^(MIN_SECRET_PREFIX-1), modulo 2^32: what the leaving character weighs in a rolling hash. */
const HASH_LEAVING = (() => {
  let p = 1;
  for (let i = 1; i < MIN_SECRET_PREFIX; i++) p = Math.imul(p, HASH_BASE);
  return p;
})();

function hashAt(text: string, at: number): number {
  let h = 0;
  for (let i = 0; i < MIN_SECRET_PREFIX; i++) h = (Math.imul(h, HASH_BASE) + text.charCodeAt(at + i)) | 0;
  return h;
}

let cachedKey: string | undefined;
let cachedIndex: WindowIndex | undefined;

/** The window index of `secrets`, cached for the last list seen (a server redacts against the same keys on every call). */
function indexSecrets(secrets: readonly string[]): WindowIndex {
  const key = secrets.join("\u0000");
  if (key === cachedKey && cachedIndex) return cachedIndex;
  const windows = new Map<number, Window[]>();
  const filter = new Uint8Array(1 << 16);
  const short: string[] = [];
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    if (secret.length < MIN_SECRET_PREFIX) {
      short.push(secret);
      continue;
    }
    for (let offset = 0; offset + MIN_SECRET_PREFIX <= secret.length; offset++) {
      const h = hashAt(secret, offset);
      filter[h & 0xffff] = 1;
      const list = windows.get(h);
      if (list) list.push({ secret, offset });
      else windows.set(h, [{ secret, offset }]);
    }
  }
  cachedKey = key;
  cachedIndex = { windows, filter, short };
  return cachedIndex;
}

/**
 * Replaces each secret in `text`, and every run of 6 or more of its
 * consecutive characters wherever they sit in it (its start, its end or a
 * slice from the middle), with `[redacted]`; a secret shorter than 6 only
 * whole. Overlapping matches are merged, so no piece of one key is left
 * behind by another. One pass over the text with a rolling hash of its
 * 6-character windows against the windows of every secret: linear in the
 * text, whatever the number of keys.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const spans: [number, number][] = [];
  const { windows, filter, short } = indexSecrets(secrets);
  for (const secret of short) for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) spans.push([at, at + secret.length]);
  if (windows.size > 0 && text.length >= MIN_SECRET_PREFIX) {
    let h = hashAt(text, 0);
    let coveredTo = 0;
    for (let at = 0; ; at++) {
      const found = filter[h & 0xffff] === 1 && at + MIN_SECRET_PREFIX > coveredTo ? windows.get(h) : undefined;
      if (found)
        for (const { secret, offset } of found) {
          if (!text.startsWith(secret.slice(offset, offset + MIN_SECRET_PREFIX), at)) continue;
          // Grow the match both ways along the secret.
          let start = at;
          let from = offset;
          while (from > 0 && start > 0 && text[start - 1] === secret[from - 1]) (start--, from--);
          let end = at + MIN_SECRET_PREFIX;
          let to = offset + MIN_SECRET_PREFIX;
          while (to < secret.length && end < text.length && text[end] === secret[to]) (end++, to++);
          spans.push([start, end]);
          coveredTo = Math.max(coveredTo, end);
        }
      if (at + MIN_SECRET_PREFIX >= text.length) break;
      // Kept in int32 (`| 0`): arithmetic modulo 2^32 that V8 keeps in registers.
      h = (Math.imul((h - Math.imul(text.charCodeAt(at), HASH_LEAVING)) | 0, HASH_BASE) + text.charCodeAt(at + MIN_SECRET_PREFIX)) | 0;
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

/**
 * Redacts text against the secrets of an environment, read at each call so keys set after startup
 * count too. `fixed()`, where there, reads them once for the strings of one message (a log line's
 * every field), which then share that reading.
 */
export type SecretRedactor = ((text: string) => string) & { fixed?: () => (text: string) => string };

/** A redactor over `env` (default `process.env`) plus `extra` secrets. */
export function createSecretRedactor(env: KeyEnv = process.env, extra: readonly string[] = []): SecretRedactor {
  const redactor: SecretRedactor = (text) => redactSecrets(text, collectSecrets(env, extra));
  redactor.fixed = () => {
    const secrets = collectSecrets(env, extra);
    return (text) => redactSecrets(text, secrets);
  };
  return redactor;
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

/** `value` with `redact` applied to every string value in it (objects and arrays copied, keys kept; a `__proto__` key stays an own key). */
export function redactStringsDeep<T>(value: T, redact: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** `value` with {@link redactUrlCredentials} applied to every string in it (objects and arrays copied). */
export function redactUrlsDeep<T>(value: T, options: UrlRedaction = {}): T {
  return redactStringsDeep(value, (text) => redactUrlCredentials(text, options));
}

/**
 * A URL (or text holding URLs) safe to log: user and password, and
 * credential-like query values (`api_key`, `token`, ...), replaced with
 * `[redacted]`, then every known secret redacted.
 */
export function redactUrl(text: string, redact: SecretRedactor): string {
  return redact(redactUrlCredentials(text, { keepUser: false }));
}
