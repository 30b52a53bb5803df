// The baseline of bench:openenv-step: the least a server stepping the counter environment
// (bench/openenv-app.mjs) does, on the same transports: a `ws` WebSocket server on node:http that
// parses each message, checks the action (`{tool: "add", args: {n: integer 1..3}}`), updates the
// session's state and answers the same observation message task-app answers; and, for synth-ai's
// env lifecycle, node:http routes that parse the body, find the session and answer the same step
// reply. No key check, no body cap, no schema library: the work of stepping and nothing else.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const sessions = new Map();
const reset = (seed) => ({ total: seed, calls: 0 });
const step = (state, action) => {
  const n = action?.args?.n;
  if (action?.tool !== "add" || !Number.isInteger(n) || n < 1 || n > 3) return undefined;
  return { state: { total: state.total + n, calls: state.calls + 1 }, reply: { observation: { observation: `total=${state.total + n}`, metadata: { tool: "add", result: { total: state.total + n }, info: { added: n } } }, reward: n, done: false } };
};
const error = (message) => JSON.stringify({ type: "error", data: { message, code: "VALIDATION_ERROR" } });

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const send = (status, value) => {
      const text = JSON.stringify(value);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
    };
    if (req.url === "/env/counter/initialize") {
      const id = randomUUID();
      const state = reset(body.seed ?? 0);
      sessions.set(id, state);
      return send(200, { env_id: id, observation: `total=${state.total}`, info: { seed: body.seed ?? 0 } });
    }
    if (req.url === "/env/counter/step") {
      const state = sessions.get(body.env_id);
      if (!state) return send(404, { detail: "unknown env_id" });
      const call = body.action?.tool_calls?.[0];
      const stepped = step(state, call);
      if (!stepped) return send(400, { detail: "invalid action" });
      sessions.set(body.env_id, stepped.state);
      return send(200, { observation: stepped.reply.observation.observation, reward: stepped.reply.reward, done: false, info: stepped.reply.observation.metadata });
    }
    if (req.url === "/env/counter/terminate") return send(sessions.delete(body.env_id) ? 200 : 404, { ok: true });
    send(404, { detail: "not found" });
  });
});
server.keepAliveTimeout = 60_000;
const wss = new WebSocketServer({ server, path: "/openenv/ws" });
wss.on("connection", (ws) => {
  let state;
  ws.on("message", (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.type === "reset") {
      state = reset(message.data?.seed ?? 0);
      return ws.send(JSON.stringify({ type: "observation", data: { observation: { observation: `total=${state.total}`, metadata: { seed: message.data?.seed ?? 0 } }, reward: null, done: false } }));
    }
    const stepped = message.type === "step" && state ? step(state, message.data) : undefined;
    if (!stepped) return ws.send(error("invalid action"));
    state = stepped.state;
    ws.send(JSON.stringify({ type: "observation", data: stepped.reply }));
  });
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
