/**
 * OpenEnv's WebSocket `/openenv/ws` on the node:http server `serve` makes:
 * one connection is one session (one environment instance). Messages
 * `{"type":"reset","data":{seed?,episode_id?,config?}}`, `{"type":"step","data":{tool,args}}`,
 * `{"type":"state"}` and `{"type":"close"}`; replies `observation`, `state`
 * and `error` (`INVALID_JSON`, `UNKNOWN_TYPE`, `VALIDATION_ERROR`,
 * `EXECUTION_ERROR`: the session goes on; `CAPACITY_REACHED`: it is closed).
 * The handshake is refused with 401 without the key unless the operator
 * opened the routes; a connection is pinged every `pingIntervalMs` and one
 * that does not answer is ended.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { AnyEnvironment } from "../env/loop.js";
import type { Reply } from "../server/errors.js";
import { describeState, OpenEnvError, resetSession, stepSession } from "./episode.js";
import { DEFAULT_PING_INTERVAL_MS, type SessionStore } from "./sessions.js";
import type { EpisodeTracing } from "./trace.js";

/** Most bytes of one message. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** What the WebSocket needs from the server. */
export interface OpenEnvSocketDeps {
  env: AnyEnvironment;
  sessions: SessionStore;
  /** The refusal for these headers, or null (the `/openenv` routes' guard). */
  authorise: (incoming: IncomingMessage) => Reply | null;
  pingIntervalMs?: number;
  /** The server's redactor: every error message goes through it. */
  redact: (text: string) => string;
  /** When the server traces: where stepped episodes go. */
  tracing?: EpisodeTracing | undefined;
}

/** The node:http `upgrade` listener for `/openenv/ws`, and how to end every connection. */
export function createOpenEnvSocket(deps: OpenEnvSocketDeps): { upgrade: (incoming: IncomingMessage, socket: Duplex, head: Buffer) => void; closeAll: () => void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const pingMs = deps.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const upgrade = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (incoming.url ?? "").split("?")[0];
    if (path !== "/openenv/ws") return refuse(socket, 404, "Not Found");
    const refused = deps.authorise(incoming);
    if (refused) return refuse(socket, refused.status, refused.status === 401 ? "Unauthorized" : "Service Unavailable");
    wss.handleUpgrade(incoming, socket, head, (ws) => attach(ws, deps, pingMs));
  };
  const closeAll = () => {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  };
  return { upgrade, closeAll };
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Serves one connection as one session. */
function attach(ws: WebSocket, deps: OpenEnvSocketDeps, pingMs: number): void {
  // A frame over the cap or a protocol error: ws closes the connection itself (1009, 1002); without a listener its error would be an uncaught exception.
  ws.on("error", () => ws.terminate());
  const send = (message: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const session = deps.sessions.open("openenv", () => {
    send({ type: "error", data: { message: "the session was idle too long", code: "SESSION_TIMEOUT" } });
    ws.close(1000, "idle timeout");
  });
  if (!session) {
    send({ type: "error", data: { message: `${deps.sessions.limit} sessions are open; try again later`, code: "CAPACITY_REACHED" } });
    ws.close(1013, "capacity reached");
    return;
  }
  const controller = new AbortController();
  let alive = true;
  const pinger = pingMs > 0 ? setInterval(() => (alive ? ((alive = false), ws.ping()) : ws.terminate()), pingMs) : null;
  pinger?.unref();
  ws.on("pong", () => (alive = true));
  ws.on("close", () => {
    if (pinger) clearInterval(pinger);
    controller.abort();
    deps.sessions.close(session.id);
  });
  // Messages are answered in order, one at a time.
  let queue = Promise.resolve();
  ws.on("message", (raw, isBinary) => {
    queue = queue.then(async () => {
      alive = true;
      deps.sessions.touch(session);
      send(await answer(isBinary ? null : raw.toString()));
      if (closing) ws.close(1000, "closed by the client");
    });
  });
  let closing = false;
  const answer = async (text: string | null): Promise<unknown> => {
    let message: unknown;
    try {
      if (text === null) throw new Error("binary");
      message = JSON.parse(text);
    } catch {
      return { type: "error", data: { message: "the message is not JSON text", code: "INVALID_JSON" } };
    }
    const { type, data = {} } = (typeof message === "object" && message !== null ? message : {}) as { type?: unknown; data?: unknown };
    try {
      if (type === "reset") return { type: "observation", data: await resetSession(deps.env, session, objectOf(data), deps.tracing) };
      if (type === "step") return { type: "observation", data: await stepSession(deps.env, session, data, controller.signal, deps.tracing) };
      if (type === "state") return { type: "state", data: describeState(session) };
      if (type === "close") {
        closing = true;
        return { type: "state", data: describeState(session) };
      }
      return { type: "error", data: { message: deps.redact(`unknown message type ${JSON.stringify(type)}; expected reset, step, state or close`), code: "UNKNOWN_TYPE" } };
    } catch (error) {
      if (error instanceof OpenEnvError) return { type: "error", data: { message: deps.redact(error.message), code: error.code } };
      return { type: "error", data: { message: "the environment failed", code: "EXECUTION_ERROR" } };
    }
  };
}

function objectOf(data: unknown): Record<string, unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new OpenEnvError("VALIDATION_ERROR", "data must be an object");
  return data as Record<string, unknown>;
}
