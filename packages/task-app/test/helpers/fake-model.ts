/**
 * A loopback OpenAI-compatible chat-completions server for the agent loop's
 * tests: each request is recorded (body and headers) and answered by a
 * script, as a model would: a message (tool calls or text) with `usage`, or
 * an error status with optional `Retry-After`.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** The token usage every answer reports unless the script says otherwise. */
export const MODEL_USAGE = { prompt_tokens: 13, completion_tokens: 5, total_tokens: 18 };

/** What the script answers one request with. */
export type ModelReply =
  | { message: Record<string, unknown>; usage?: Record<string, number> | null }
  | { status: number; retryAfter?: string; body?: string };

/** A request as the server saw it. */
export interface ModelRequest {
  body: { model?: string; messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[]; tools?: unknown[]; [key: string]: unknown };
  headers: IncomingHttpHeaders;
}

export interface FakeModel {
  /** Base URL ending in /v1, as a rollout's `inference_url`. */
  url: string;
  requests: ModelRequest[];
  close(): Promise<void>;
}

/** An assistant message calling `name` with raw `args` (a string is sent as written: malformed JSON stays malformed). */
export function callMessage(name: string, args: unknown, id = `call_${name}`): Record<string, unknown> {
  return { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } }] };
}

/** Starts the server; `reply` gets each request (and its 0-based index) and says what to answer. */
export async function startFakeModel(reply: (request: ModelRequest, index: number) => ModelReply): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
      const request = { body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ModelRequest["body"], headers: req.headers };
      requests.push(request);
      const answer = reply(request, requests.length - 1);
      if ("status" in answer) {
        res.writeHead(answer.status, { "content-type": "application/json", ...(answer.retryAfter ? { "retry-after": answer.retryAfter } : {}) });
        return void res.end(answer.body ?? JSON.stringify({ error: { message: "scripted failure" } }));
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "fake", object: "chat.completion", choices: [{ index: 0, message: answer.message, finish_reason: "stop" }], ...(answer.usage === null ? {} : { usage: answer.usage ?? MODEL_USAGE }) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
