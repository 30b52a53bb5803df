/**
 * OpenEnv's WebSocket `/openenv/ws` on the node:http server `serve` makes:
 * one connection is one session (one environment instance). Messages
 * `{"type":"reset","data":{seed?,episode_id?,config?}}`, `{"type":"step","data":{tool,args}}`,
 * `{"type":"state"}` and `{"type":"close"}`; replies `observation`, `state`
 * and `error` (`INVALID_JSON`, `UNKNOWN_TYPE`, `VALIDATION_ERROR`,
 * `EXECUTION_ERROR`: the session goes on; `CAPACITY_REACHED`: it is closed).
 * The handshake is refused with 401 without the key unless the operator
 * opened the routes; a connection is pinged every `pingIntervalMs` and one
 * that does not answer is ended, and one that floods the server is closed
 * with 1008: over `MAX_UNANSWERED_MESSAGES` messages unanswered (sent
 * without reading the replies) or over `MAX_QUEUED_BYTES` of them waiting
 * their turn.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { WebSocketServer } from "../ws.js";
import type { AnyEnvironment } from "../env/loop.js";
import { thenOrNow } from "../maybe-async.js";
import type { Reply } from "../server/errors.js";
import { describeState, OpenEnvError, resetSession, stepSession } from "./episode.js";
import { textSender } from "./frame.js";
import { DEFAULT_PING_INTERVAL_MS, type SessionStore } from "./sessions.js";
import type { EpisodeTracing } from "./trace.js";

/** Most bytes of one message. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/**
 * Most messages a connection may have unanswered (received, and their reply
 * not yet made or not yet handed to the kernel), and most bytes of messages
 * waiting their turn: a client that floods messages without reading the
 * replies is closed with 1008 instead of growing the server's memory.
 */
export const MAX_UNANSWERED_MESSAGES = 256;
export const MAX_QUEUED_BYTES = 4 * MAX_MESSAGE_BYTES;
/** The close code of such a connection, and how long its close frame gets before the connection is ended. */
export const FLOOD_CLOSE_CODE = 1008;
const FLOOD_CLOSE_GRACE_MS = 1_000;

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
  // No per-message compression: replies are written as plain frames (frame.ts).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
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
  const sendText = textSender(ws);
  const send = (message: unknown) => {
    if (ws.readyState === ws.OPEN) sendText(JSON.stringify(message));
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
  // Messages are answered in order, one at a time; a connection past the flood bounds is closed.
  // An answer made at once (a step whose tool answers at once, untraced) is sent at once when no
  // earlier message is still being answered; otherwise it waits its turn in the queue.
  let queue: Promise<void> | null = null;
  let unanswered = 0;
  let queuedBytes = 0;
  let flooded = false;
  let closing = false;
  /** Replies queued behind unsent bytes, not yet written: unanswered until they are. */
  let unwritten = 0;
  const written = () => {
    unwritten--;
  };
  const deliver = (reply: unknown) => {
    unanswered--;
    if (ws.readyState === ws.OPEN) {
      // A reply written while nothing waits goes to the kernel at once: no write callback (it
      // would cost every step a tick). One queued behind unsent bytes (the client reads slower
      // than it sends) counts as unanswered until it is written.
      if (ws.bufferedAmount === 0) sendText(JSON.stringify(reply));
      else {
        unwritten++;
        sendText(JSON.stringify(reply), written);
      }
    }
    if (closing) ws.close(1000, "closed by the client");
  };
  const flood = (reason: string) => {
    flooded = true;
    ws.pause();
    ws.close(FLOOD_CLOSE_CODE, `${reason}; read each reply`);
    setTimeout(() => ws.terminate(), FLOOD_CLOSE_GRACE_MS).unref();
  };
  /** Answers one message: its reply sent at once when it is made at once, else the promise of it. */
  const handle = (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void | Promise<void> => {
    alive = true;
    deps.sessions.touch(session);
    return thenOrNow(answer(isBinary ? null : raw.toString()), deliver);
  };
  const wait = (waiting: Promise<void>) => {
    queue = waiting;
    void waiting.then(() => {
      if (queue === waiting) queue = null;
    });
  };
  ws.on("message", (raw, isBinary) => {
    if (flooded) return;
    if (++unanswered + unwritten > MAX_UNANSWERED_MESSAGES) return flood(`over ${MAX_UNANSWERED_MESSAGES} messages unanswered`);
    // Nothing waiting: answered now (a message answered at once is never queued, nor are its bytes counted).
    if (queue === null) {
      const waiting = handle(raw, isBinary);
      if (waiting) wait(waiting);
      return;
    }
    const size = measureMessage(raw);
    queuedBytes += size;
    if (queuedBytes > MAX_QUEUED_BYTES) return flood(`over ${MAX_QUEUED_BYTES / 2 ** 20} MB of messages waiting`);
    wait(
      queue.then(() => {
        queuedBytes -= size;
        if (!flooded) return handle(raw, isBinary);
      }),
    );
  });
  const observed = (data: unknown) => ({ type: "observation", data });
  const failed = (error: unknown) => {
    if (error instanceof OpenEnvError) return { type: "error", data: { message: deps.redact(error.message), code: error.code } };
    return { type: "error", data: { message: "the environment failed", code: "EXECUTION_ERROR" } };
  };
  /** The reply to one message: at once, or a promise when the environment's work is. */
  const answer = (text: string | null): unknown => {
    let message: unknown;
    try {
      if (text === null) throw new Error("binary");
      message = JSON.parse(text);
    } catch {
      return { type: "error", data: { message: "the message is not JSON text", code: "INVALID_JSON" } };
    }
    const { type, data = {} } = (typeof message === "object" && message !== null ? message : {}) as { type?: unknown; data?: unknown };
    try {
      if (type === "reset") return resetSession(deps.env, session, readData(data), deps.tracing).then(observed, failed);
      if (type === "step") {
        return thenOrNow(stepSession(deps.env, session, data, controller.signal, deps.tracing), observed, failed);
      }
      if (type === "state") return { type: "state", data: describeState(session) };
      if (type === "close") {
        closing = true;
        return { type: "state", data: describeState(session) };
      }
      return { type: "error", data: { message: deps.redact(`unknown message type ${JSON.stringify(type)}; expected reset, step, state or close`), code: "UNKNOWN_TYPE" } };
    } catch (error) {
      return failed(error);
    }
  };
}

function measureMessage(raw: Buffer | ArrayBuffer | Buffer[]): number {
  return Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
}

function readData(data: unknown): Record<string, unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new OpenEnvError("VALIDATION_ERROR", "data must be an object");
  return data as Record<string, unknown>;
}
