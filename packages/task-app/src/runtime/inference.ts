/**
 * Which inference servers may receive a vendor key. A rollout names its
 * inference server in `policy.config.inference_url`, so the caller, not the
 * app, picks where requests go; the app's vendor key (OPENAI_API_KEY) must
 * only travel to hosts the app's operator allowed. The allow-list comes from
 * the app (an option), else from `INFERENCE_KEY_HOSTS` in its environment,
 * else it is the vendor's own host. Every other URL gets no key.
 */

/** The hosts a vendor key goes to when the app configures none: OpenAI's API. */
export const DEFAULT_INFERENCE_KEY_HOSTS: readonly string[] = ["api.openai.com"];

/** Options for {@link resolveInferenceKey}. */
export interface InferenceKeyOptions {
  /**
   * Where the key may go. An entry is a host name (`api.openai.com`, any
   * port, HTTPS only), a `host:port` (HTTPS only) or an origin with its
   * scheme (`http://127.0.0.1:8000`), the only way to allow plain HTTP.
   * Default: `INFERENCE_KEY_HOSTS` (comma-separated), else
   * {@link DEFAULT_INFERENCE_KEY_HOSTS}.
   */
  allowedHosts?: readonly string[];
  /** Environment to read the key and `INFERENCE_KEY_HOSTS` from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The key itself; default `OPENAI_API_KEY` from `env`. */
  apiKey?: string | undefined;
}

/** The allow-list in effect: the option, else `INFERENCE_KEY_HOSTS`, else the vendor's host. */
export function resolveInferenceKeyHosts(options: InferenceKeyOptions = {}): string[] {
  if (options.allowedHosts) return [...options.allowedHosts];
  const fromEnv = (options.env ?? process.env).INFERENCE_KEY_HOSTS?.split(",").map((h) => h.trim()).filter(Boolean);
  return fromEnv && fromEnv.length > 0 ? fromEnv : [...DEFAULT_INFERENCE_KEY_HOSTS];
}

/** The port a URL talks to, defaults filled in. */
function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : url.protocol === "http:" ? "80" : "");
}

/** Whether `url` matches one allow-list entry (see {@link InferenceKeyOptions.allowedHosts}). */
function matchesEntry(url: URL, entry: string): boolean {
  const spec = entry.trim().toLowerCase();
  if (!spec) return false;
  if (spec.includes("://")) {
    const allowed = URL.canParse(spec) ? new URL(spec) : undefined;
    return allowed !== undefined && allowed.protocol === url.protocol && allowed.hostname === url.hostname && portOf(allowed) === portOf(url);
  }
  if (url.protocol !== "https:") return false;
  const allowed = URL.canParse(`https://${spec}`) ? new URL(`https://${spec}`) : undefined;
  if (!allowed || allowed.hostname !== url.hostname) return false;
  return allowed.port === "" || portOf(allowed) === portOf(url);
}

/** Whether a vendor key may be sent to `inferenceUrl` under `allowedHosts`. A URL with credentials in it never qualifies. */
export function isInferenceKeyAllowed(inferenceUrl: string, allowedHosts: readonly string[]): boolean {
  const url = URL.canParse(inferenceUrl) ? new URL(inferenceUrl) : undefined;
  if (!url || url.username || url.password) return false;
  return allowedHosts.some((entry) => matchesEntry(url, entry));
}

/**
 * The vendor key to send with a request to `inferenceUrl`, or undefined when
 * there is none or the URL's host is not on the allow-list.
 */
export function resolveInferenceKey(inferenceUrl: string, options: InferenceKeyOptions = {}): string | undefined {
  const key = (options.apiKey ?? (options.env ?? process.env).OPENAI_API_KEY)?.trim();
  if (!key) return undefined;
  return isInferenceKeyAllowed(inferenceUrl, resolveInferenceKeyHosts(options)) ? key : undefined;
}

/**
 * Request headers for a chat-completions call to `inferenceUrl`: JSON, plus
 * `Authorization: Bearer <key>` only when {@link resolveInferenceKey} allows it.
 */
export function inferenceHeaders(inferenceUrl: string, options: InferenceKeyOptions = {}): Record<string, string> {
  const key = resolveInferenceKey(inferenceUrl, options);
  return { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

/**
 * What the key's rules read of the environment (`OPENAI_API_KEY`, `INFERENCE_KEY_HOSTS`), read
 * once: a caller making many calls (an episode's turns) passes it as `env` instead of having
 * `process.env` read for each.
 */
export function readInferenceKeyEnv(env: Readonly<Record<string, string | undefined>> = process.env): Record<string, string | undefined> {
  return { OPENAI_API_KEY: env.OPENAI_API_KEY, INFERENCE_KEY_HOSTS: env.INFERENCE_KEY_HOSTS };
}
