/**
 * The vendor proxy routes (CONTRACT.md §2, §8), served when `proxy.enableOpenai`
 * or `proxy.enableGroq` is set: POST /proxy/v1/chat/completions and
 * POST /proxy/groq/v1/chat/completions. Behind the same API key as every other
 * route, each sanitises the chat-completions body, forwards it to the
 * configured vendor URL with the vendor key from the environment (never with
 * the caller's headers) and returns the vendor's JSON, with a tool call
 * parsed from the text when the model gave none. Every key the server knows
 * (whole, or 6+ leading or trailing characters of one) is redacted from what
 * is relayed. Proxy calls count as in flight: shutdown lets them finish
 * within the grace period, then aborts them (503 `shutting_down`).
 */
import type { Logger } from "pino";
import type { ProxyConfig } from "../schemas/task-app.js";
import type { KeyEnv } from "./auth.js";
import { readJsonBody } from "./body.js";
import type { JsonBounds } from "./bounds.js";
import { errorReply, type Reply } from "./errors.js";
import { injectSystemHint, prepareForGroq, prepareForOpenai, synthesizeToolCallIfMissing } from "./proxy.js";
import { ClientDisconnected, CLIENT_CLOSED_STATUS, type Abortable, type RolloutTransport } from "./rollout.js";
import type { SecretRedactor } from "./secrets.js";

/** A vendor the proxy forwards to. */
export type Vendor = "openai" | "groq";

/** Path of each proxy route. */
export const PROXY_ROUTES = { openai: "/proxy/v1/chat/completions", groq: "/proxy/groq/v1/chat/completions" } as const;

/**
 * Error codes of the proxy routes besides the shared ones (auth, 400, 413,
 * 415, 422). A vendor's own error keeps the vendor's status, with code
 * `openai_error` (URL on api.openai.com), `groq_error` (URL containing
 * "groq") or `vendor_error`, and `status` and `body` (the vendor's JSON, or
 * `{raw}`) beside the message.
 */
export const PROXY_ERROR_CODES = {
  vendor: ["openai_error", "groq_error", "vendor_error"],
  502: ["vendor_unreachable"],
  503: ["missing_openai_api_key", "missing_groq_api_key"],
  504: ["vendor_timeout"],
} as const;

/** synth-ai's wait for a vendor answer. */
export const DEFAULT_VENDOR_TIMEOUT_MS = 600_000;

/** Where each vendor key is read from, in order (CONTRACT.md §2: the dev_ fallbacks). */
const KEY_SOURCES: Record<Vendor, readonly string[]> = {
  openai: ["OPENAI_API_KEY", "dev_openai_api_key", "DEV_OPENAI_API_KEY"],
  groq: ["GROQ_API_KEY", "dev_groq_api_key", "DEV_GROQ_API_KEY"],
};

/** The vendor key: `OPENAI_API_KEY` / `GROQ_API_KEY`, else its dev_ fallbacks; undefined when none is set. */
export function resolveVendorKey(env: KeyEnv, vendor: Vendor): string | undefined {
  return KEY_SOURCES[vendor].map((name) => env[name]?.trim()).find((v) => v);
}

/** What a proxy route needs from its server. */
export interface ProxyDeps {
  proxy: ProxyConfig;
  env: KeyEnv;
  redact: SecretRedactor;
  log: Logger;
  maxBodyBytes: number;
  /** The app's body limits (nesting, array length, keys, string length, total values), checked before parsing as for /rollout. */
  bounds: JsonBounds;
  timeoutMs: number;
  /** Calls the server aborts when its shutdown grace period runs out. */
  running?: Set<Abortable>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** synth-ai's error code for a vendor URL. */
function vendorErrorCode(url: string): string {
  if (url.startsWith("https://api.openai.com")) return "openai_error";
  return url.includes("groq") ? "groq_error" : "vendor_error";
}

/** Handles one proxied chat-completions request and returns the reply. */
export async function handleProxy(vendor: Vendor, transport: RolloutTransport, deps: ProxyDeps): Promise<Reply> {
  const json = await readJsonBody(transport, deps.maxBodyBytes, deps.bounds);
  if (!json.ok) return json.reply;
  const body = json.value;
  if (!isObject(body)) {
    const issues = [{ path: "", message: "expected a JSON object (a chat-completions request)" }];
    return errorReply(422, "invalid_request", issues[0]!.message, { issues });
  }
  const key = resolveVendorKey(deps.env, vendor);
  const keyName = KEY_SOURCES[vendor][0]!;
  if (!key) return errorReply(503, `missing_${vendor}_api_key`, `${keyName} is not configured`);

  const model = typeof body.model === "string" ? body.model : null;
  const prepared = vendor === "openai" ? prepareForOpenai(model, body) : prepareForGroq(model, body);
  const payload = injectSystemHint(prepared, deps.proxy.systemHint);
  const url = vendor === "openai" ? deps.proxy.openaiUrl : deps.proxy.groqUrl.replace(/\/+$/, "");
  deps.log.info(
    { vendor, model, messages: Array.isArray(payload.messages) ? payload.messages.length : 0, tools: Array.isArray(payload.tools) ? payload.tools.length : 0 },
    "proxy request",
  );

  const client = new AbortController();
  const watcher = { abort: (reason: Error) => client.abort(reason) };
  transport.watchClient(watcher);
  deps.running?.add(watcher);
  let status: number;
  let contentType: string;
  let text: string;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.any([client.signal, AbortSignal.timeout(deps.timeoutMs)]),
    });
    status = res.status;
    contentType = res.headers.get("content-type") ?? "";
    text = await res.text();
  } catch (error) {
    return unreachable(vendor, client.signal.reason, error, deps);
  } finally {
    transport.unwatchClient(watcher);
    deps.running?.delete(watcher);
  }

  const isJson = contentType.startsWith("application/json");
  // The vendor's answer (error or not) is relayed without any key it may echo back, whole or in part.
  const safe = deps.redact(text);
  if (status >= 400) {
    const data = (isJson ? parseOrUndefined(safe) : undefined) ?? { raw: safe };
    deps.log.warn({ vendor, status }, "vendor answered with an error");
    return errorReply(status, vendorErrorCode(url), "Vendor proxy error", { status, body: data });
  }
  const data = (isJson ? parseOrUndefined(safe) : undefined) ?? { raw: safe };
  return { status: 200, body: JSON.stringify(synthesizeToolCallIfMissing(data)) };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The reply when no vendor answer came: the client left, the vendor timed out, or it could not be reached. */
function unreachable(vendor: Vendor, clientReason: unknown, error: unknown, deps: ProxyDeps): Reply {
  if (clientReason instanceof ClientDisconnected) {
    deps.log.warn({ vendor, code: "client_disconnected" }, "proxy request aborted: client disconnected");
    return errorReply(CLIENT_CLOSED_STATUS, "client_disconnected", "the client disconnected before the vendor answered");
  }
  if (clientReason instanceof Error) {
    deps.log.warn({ vendor, code: "shutting_down" }, "proxy request aborted: server shutting down");
    return errorReply(503, "shutting_down", `proxy request aborted: ${clientReason.message}`);
  }
  if ((error as Error)?.name === "TimeoutError") {
    deps.log.warn({ vendor, timeout_ms: deps.timeoutMs }, "vendor did not answer in time");
    return errorReply(504, "vendor_timeout", `the vendor did not answer within ${deps.timeoutMs / 1000}s`);
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = deps.redact(String(cause?.code ?? cause?.message ?? (error as Error)?.message ?? error)).slice(0, 200);
  deps.log.warn({ vendor, reason }, "vendor unreachable");
  return errorReply(502, "vendor_unreachable", `could not reach the vendor: ${reason}`);
}
