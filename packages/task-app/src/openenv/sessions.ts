/**
 * The stepped sessions of a declared environment: one per OpenEnv WebSocket
 * connection or synth-ai `env_id`, each with its own state. Many at once by
 * default, never more than `maxSessions`; a session untouched for
 * `idleTimeoutMs` is closed (its owner is told through `onExpire`).
 */
import { randomUUID } from "node:crypto";
import type { EpisodeTrace, SessionWire } from "./trace.js";

/** The options of the `/openenv` routes and the env lifecycle (`serve()`'s `openenv`, `serve --max-sessions`, `--openenv-no-key`). */
export interface OpenEnvOptions {
  /** Most sessions open at once (WebSocket connections and env_ids together). Default 64. */
  maxSessions?: number;
  /** A session untouched this long is closed. Default 10 minutes. */
  idleTimeoutMs?: number;
  /** How often a WebSocket is pinged (0: never). Default 20 s. */
  pingIntervalMs?: number;
  /** Open the `/openenv` routes to a client without the key (OpenEnv's own client sends none). Default false. */
  noKey?: boolean;
}

export const DEFAULT_MAX_SESSIONS = 64;
export const DEFAULT_IDLE_TIMEOUT_MS = 600_000;
export const DEFAULT_PING_INTERVAL_MS = 20_000;

/** One environment instance. */
export interface Session {
  readonly id: string;
  episodeId: string | null;
  stepCount: number;
  state: unknown;
  config: unknown;
  done: boolean;
  /** The wire it came by (null: a stateless request's session). */
  wire: SessionWire | null;
  /** The open episode's trace, when the server traces. */
  trace: EpisodeTrace | null;
  /** Set by the store: closes the session when it has been idle too long. */
  timer: NodeJS.Timeout | null;
  /** When the session was last used (performance.now()): the timer, when it fires early, waits for the rest. */
  touchedAt: number;
  onExpire: () => void;
}

/** Opened sessions, bounded. */
export interface SessionStore {
  /** A new session, or null when `maxSessions` are open. */
  open(wire: SessionWire, onExpire?: () => void): Session | null;
  get(id: string): Session | undefined;
  /** Marks the session used now (its idle clock starts again). */
  touch(session: Session): void;
  close(id: string): boolean;
  readonly size: number;
  readonly limit: number;
  /** Closes every session (at shutdown). */
  closeAll(): void;
}

/**
 * A session store with the options' bounds; each id starts with `idPrefix`
 * (a worker's, see peers.ts). `onEnd` is told of every session that leaves
 * it (closed, expired, or at shutdown).
 */
export function createSessionStore(options: OpenEnvOptions = {}, idPrefix = "", onEnd: (session: Session) => void = () => {}): SessionStore {
  const limit = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const sessions = new Map<string, Session>();
  const expire = (session: Session) => {
    if (!sessions.delete(session.id)) return;
    session.onExpire();
    onEnd(session);
  };
  // A use only notes the time (a step is a message or a request: clearing and setting a timer each time cost
  // more than the step's own bookkeeping); the session's one timer, when it fires, closes it or waits for the rest.
  const arm = (session: Session, ms: number) => {
    session.timer = setTimeout(check, ms, session);
    session.timer.unref();
  };
  const check = (session: Session) => {
    const idle = performance.now() - session.touchedAt;
    if (idle >= idleMs) expire(session);
    else if (sessions.get(session.id) === session) arm(session, idleMs - idle);
  };
  const touch = (session: Session) => {
    session.touchedAt = performance.now();
    if (!session.timer) arm(session, idleMs);
  };
  const close = (id: string) => {
    const session = sessions.get(id);
    if (!session) return false;
    if (session.timer) clearTimeout(session.timer);
    sessions.delete(id);
    onEnd(session);
    return true;
  };
  return {
    open(wire, onExpire = () => {}) {
      if (sessions.size >= limit) return null;
      const session: Session = { id: idPrefix + randomUUID(), episodeId: null, stepCount: 0, state: undefined, config: undefined, done: false, wire, trace: null, timer: null, touchedAt: 0, onExpire };
      sessions.set(session.id, session);
      touch(session);
      return session;
    },
    get: (id) => sessions.get(id),
    touch,
    close,
    get size() {
      return sessions.size;
    },
    limit,
    closeAll() {
      for (const id of [...sessions.keys()]) close(id);
    },
  };
}
