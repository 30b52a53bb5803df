/**
 * The HTTP client eval posts rollouts with: `node:http` / `node:https` over
 * keep-alive agents, one client per run. A rollout is a POST of a JSON body
 * whose answer is read whole as text. A call costs a fraction of `fetch`'s
 * (its web streams and its abort signals cost more than the rest of a
 * rollout's client side), its timeout is a timer, and the requests in flight
 * are aborted all at once (the second Ctrl-C) by one listener for the run,
 * not one per request.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** An answer: its status and its body as text. */
export interface HttpAnswer {
  status: number;
  text: string;
}

/** No answer within the timeout. */
export class HttpTimeoutError extends Error {
  override name = "HttpTimeoutError";
  readonly code = "ETIMEDOUT";
}

/** Aborted by `abortAll`. */
export class HttpAbortError extends Error {
  override name = "HttpAbortError";
  readonly code = "ABORT_ERR";
}

export interface RolloutClient {
  /** POSTs `body` (JSON) to `url`; rejects with HttpTimeoutError, HttpAbortError or the socket's error (with its `code`). */
  postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer>;
  /** Aborts every request in flight, and those posted after. */
  abortAll(): void;
  /** Closes the kept-alive connections. */
  close(): void;
}

export function createRolloutClient(): RolloutClient {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const inFlight = new Set<ClientRequest>();
  let aborted = false;

  /** One attempt; a kept-alive socket the server closed meanwhile fails with `stale` set, and is retried once. */
  const attempt = (target: URL, body: string, headers: OutgoingHttpHeaders, timeoutMs: number) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const secure = target.protocol === "https:";
      const options = { method: "POST", headers, agent: secure ? agents.https : agents.http };
      let settled = false;
      let timedOut = false;
      let response: IncomingMessage | undefined;
      const settle = (error: Error | undefined, answer?: HttpAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        inFlight.delete(req);
        // Destroying a request whose answer has begun may report the reset of its body first.
        if (timedOut) error = new HttpTimeoutError(`no answer within ${timeoutMs / 1000}s`);
        if (error) {
          if (req.reusedSocket && (error as { code?: string }).code === "ECONNRESET" && !(error instanceof HttpAbortError)) Object.assign(error, { stale: true });
          reject(error);
        } else resolve(answer!);
      };
      const req = (secure ? httpsRequest : httpRequest)(target, options, (res) => {
        response = res;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => settle(undefined, { status: res.statusCode ?? 0, text }));
        res.on("error", (error) => settle(error));
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new HttpTimeoutError(`no answer within ${timeoutMs / 1000}s`));
      }, timeoutMs);
      req.on("error", (error) => settle(error));
      req.on("close", () => {
        if (!response?.complete) settle(Object.assign(new Error("the connection closed before the answer ended"), { code: "ECONNRESET" }));
      });
      inFlight.add(req);
      req.end(body);
    });

  return {
    async postJson(url, body, headers, timeoutMs) {
      if (aborted) throw new HttpAbortError("aborted");
      const target = new URL(url);
      const all = { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      try {
        return await attempt(target, body, all, timeoutMs);
      } catch (error) {
        if (!(error as { stale?: boolean }).stale || aborted) throw error;
        return attempt(target, body, all, timeoutMs);
      }
    },
    abortAll() {
      aborted = true;
      for (const req of inFlight) req.destroy(new HttpAbortError("aborted"));
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
