/**
 * Every request deploy sends to a Kubernetes API server: the object client's
 * calls (as its HTTP library), the Deployment watch and the Service
 * forwarder's hops. The project's outgoing policy (src/http/policy.ts),
 * applied to the cluster:
 *
 * - **No redirect is followed.** An API server answers its own API; a 3xx
 *   is {@link RedirectRefused} and nothing is sent again (the kubeconfig's
 *   token, a Secret's body with the key in it).
 * - **Each call has a deadline**: {@link KubeLimits.callTimeoutMs}. A server
 *   that never answers ends in {@link KubeTimeout}, not a wait without end.
 * - **Answers are capped**: a body past {@link KubeLimits.maxResponseBytes}
 *   (a watch: one event line past it) stops the read with
 *   {@link BodyTooLarge}.
 */
import http, { STATUS_CODES, type IncomingMessage } from "node:http";
import https from "node:https";
import { BodyTooLarge, refuseRedirect, RedirectRefused } from "../http/policy.js";
import { readBodyCapped } from "../http/read-body.js";

export { BodyTooLarge, RedirectRefused };

/** The bounds of the calls to one cluster. */
export interface KubeLimits {
  /** Longest wait for one call's answer (its head and, but for a watch, its whole body). */
  callTimeoutMs: number;
  /** Largest body read (a watch: largest event line). */
  maxResponseBytes: number;
}

/** 30 s a call, 32 MiB an answer: a list of every pod of a large namespace fits. */
export const DEFAULT_KUBE_LIMITS: KubeLimits = { callTimeoutMs: 30_000, maxResponseBytes: 32 * 1024 * 1024 };

/** A call that got no (whole) answer in time. */
export class KubeTimeout extends Error {
  override name = "KubeTimeout";
  /** The words of the message, kept apart: the object client prefixes the message of an error it passes on. */
  readonly words: string;
  constructor(readonly ms: number) {
    const words = `no answer within ${formatSeconds(ms)}`;
    super(words);
    this.words = words;
  }
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** One request as deploy sends it: headers, agent and `auth` from the kubeconfig. */
export interface KubeRequest {
  url: string;
  method: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
  agent?: http.Agent;
  /** `user:password` of a kubeconfig's basic auth. */
  auth?: string;
  signal?: AbortSignal;
}

/** The credentials a kubeconfig put on request options (`kc.applyToHTTPSOptions`), as a KubeRequest's parts. */
export async function credentialsOf(kc: { applyToHTTPSOptions(options: https.RequestOptions): Promise<void> }): Promise<Pick<KubeRequest, "headers" | "agent" | "auth">> {
  const options: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(options);
  const headers = Array.isArray(options.headers) ? undefined : (options.headers as http.OutgoingHttpHeaders | undefined);
  return { headers, agent: typeof options.agent === "object" ? options.agent : undefined, auth: options.auth ?? undefined };
}

/** A whole answer. */
export interface KubeAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `request`, reads its whole answer; throws RedirectRefused, BodyTooLarge, KubeTimeout or the socket's error. */
export async function sendKubeRequest(request: KubeRequest, limits: KubeLimits = DEFAULT_KUBE_LIMITS): Promise<KubeAnswer> {
  const call = startCall(request, limits.callTimeoutMs);
  try {
    const response = await call.response;
    const body = await readBodyCapped(response, limits.maxResponseBytes);
    return { status: response.statusCode ?? 0, headers: flatHeaders(response), body };
  } catch (error) {
    // Past the deadline the socket is destroyed, and the body's read fails with its own words.
    throw call.timedOut() ?? error;
  } finally {
    call.end();
  }
}

/**
 * Sends `request` and hands over its answer's body as a stream once the head
 * arrived (a watch): the deadline covers the head only; `signal` ends the
 * stream. A status other than 200 is read (capped) and thrown as a
 * KubeStatusError.
 */
export async function openKubeStream(request: KubeRequest, limits: KubeLimits = DEFAULT_KUBE_LIMITS): Promise<IncomingMessage> {
  const call = startCall(request, limits.callTimeoutMs);
  const response = await call.response.catch((error: unknown) => {
    call.end();
    throw error;
  });
  call.keep();
  if (response.statusCode === 200) return response;
  const body = await readBodyCapped(response, limits.maxResponseBytes).catch(() => Buffer.alloc(0));
  throw new KubeStatusError(response.statusCode ?? 0, body.toString("utf8"));
}

/** An answer other than the one expected, with its (capped) body as the API server's Status. */
export class KubeStatusError extends Error {
  override name = "KubeStatusError";
  constructor(
    readonly code: number,
    readonly body: string,
  ) {
    super(`${code} ${STATUS_CODES[code] ?? "an unknown status"}`);
  }
}

interface Call {
  response: Promise<IncomingMessage>;
  /** Stops the deadline, keeps the response open (a stream's reader owns it now). */
  keep(): void;
  /** Stops the deadline and closes the request. */
  end(): void;
  /** The deadline's error, once it passed. */
  timedOut(): KubeTimeout | undefined;
}

function startCall(request: KubeRequest, timeoutMs: number): Call {
  const url = new URL(request.url);
  const transport = url.protocol === "https:" ? https : http;
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
  const headers = { ...request.headers, ...(body ? { "content-length": body.byteLength } : {}) };
  const req = transport.request(url, { method: request.method, headers, agent: request.agent, auth: request.auth, signal: request.signal });
  let timer: NodeJS.Timeout | undefined;
  let expired: KubeTimeout | undefined;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    timer = setTimeout(() => {
      expired = new KubeTimeout(timeoutMs);
      reject(expired);
      req.destroy(expired);
    }, timeoutMs);
    req.on("error", reject);
    req.on("response", (answer) => {
      try {
        refuseRedirect({ status: answer.statusCode ?? 0, location: answer.headers.location }, { url, origin: url.origin });
        resolve(answer);
      } catch (error) {
        answer.destroy();
        reject(error);
      }
    });
  });
  req.end(body);
  return {
    response,
    keep: () => clearTimeout(timer),
    end: () => {
      clearTimeout(timer);
      req.destroy();
    },
    timedOut: () => expired,
  };
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}
