/**
 * A local OpenAI-compatible chat-completions server for tests: it records
 * every request body and answers with the message `reply` returns.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage, ChatRequest } from "task-app";

/** The token usage every answer reports. */
export const FAKE_USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };

/** A running fake inference server. */
export interface FakeInference {
  /** Base URL ending in /v1, as a rollout's `inference_url`. */
  url: string;
  /** Request bodies received, in order. */
  requests: ChatRequest[];
  /** The headers of each request, in the same order. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts the server on a free loopback port. */
export async function startFakeInference(reply: (request: ChatRequest) => ChatMessage): Promise<FakeInference> {
  const requests: ChatRequest[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as ChatRequest;
      requests.push(request);
      headers.push(req.headers);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "fake", object: "chat.completion", choices: [{ index: 0, message: reply(request), finish_reason: "tool_calls" }], usage: FAKE_USAGE }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An assistant message that calls `name` with `args`, as a model answers. */
export function toolCallMessage(name: string, args: Record<string, unknown>, id = `call_${name}`): ChatMessage {
  return { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }] };
}
