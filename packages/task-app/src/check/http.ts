/**
 * One HTTP exchange for the conformance checker, with plain `fetch` so it
 * works against any task app, ours or a Python one, under the shared
 * outgoing-request policy (a redirect to another origin is refused and
 * recorded as the probe's error). Never throws.
 */
import { createGuardedFetch, policyErrorOf, RedirectRefused } from "../http/policy.js";
import { readCappedBody } from "../server/body.js";
import { joinUrl, splitUrlCredentials } from "../http/url.js";
import { describeRequestFailure } from "../http/failure.js";
import type { Probe } from "./probe.js";

export { describeProbe, type Probe } from "./probe.js";

/** fetch under the shared outgoing-request policy: same-origin redirects followed, another origin refused (the cap is read below). */
const guardedFetch = createGuardedFetch((request) => fetch(request), { maxResponseBytes: Infinity });

/** Request options of `sendProbe`. */
export interface ProbeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Largest body read (default MAX_PROBE_BYTES); past it the probe records an error. */
  maxBytes?: number;
}

/** Default cap on a probe's body: an app under test must not make the checker buffer without end. */
export const MAX_PROBE_BYTES = 16 * 1024 * 1024;

/** Sends one request to `baseUrl + path` (credentials in `baseUrl` sent as Basic authorization) and records the answer. */
export async function sendProbe(baseUrl: string, path: string, request: ProbeRequest = {}): Promise<Probe> {
  const method = request.method ?? "GET";
  const { url: base, authorization } = splitUrlCredentials(baseUrl);
  const url = joinUrl(base, path);
  // A gateway in front of the app needs them; the key still travels as X-API-Key.
  const headers = authorization ? { ...request.headers, authorization } : request.headers;
  try {
    const res = await guardedFetch(
      new Request(url, {
        method,
        headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
        redirect: "manual",
      }),
    );
    const { text, overflow } = await readCappedBody(res.body, request.maxBytes ?? MAX_PROBE_BYTES);
    if (overflow) {
      const error = `body over the ${request.maxBytes ?? MAX_PROBE_BYTES}-byte limit; reading stopped`;
      return { method, path, status: res.status, headers: Object.fromEntries(res.headers), text, json: undefined, error };
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { method, path, status: res.status, headers: Object.fromEntries(res.headers), text, json };
  } catch (error) {
    const refused = policyErrorOf(error);
    if (refused instanceof RedirectRefused) return { method, path, status: refused.status, headers: {}, text: "", json: undefined, error: refused.message };
    return { method, path, status: 0, headers: {}, text: "", json: undefined, error: describeRequestFailure(error, url) };
  }
}


/** The headers synth-ai clients send: X-API-Key, Bearer and X-API-Keys. */
export function keyHeaders(key: string): Record<string, string> {
  return { "x-api-key": key, authorization: `Bearer ${key}`, "x-api-keys": key };
}
