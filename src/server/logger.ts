/**
 * Structured logs (pino). Request logs carry method, path, status, duration
 * and run id, never headers or bodies; every logger the server uses (its own,
 * the request log, `ctx.log` handed to executors) goes through secret
 * redaction, so a key in a path, a message or a logged object is masked.
 */
import { pino, type Logger, type DestinationStream } from "pino";
import type { SecretRedactor } from "./secrets.js";

/** Log levels accepted by `--log-level`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
/** One of `LOG_LEVELS`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Creates the server logger; `destination` defaults to stdout. */
export function createLogger(level: LogLevel = "info", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "task-app" },
      redact: { paths: ["req.headers", "headers", "authorization", "apiKey", "api_key", "*.apiKey", "*.api_key"], remove: true },
    },
    destination,
  );
}

const LOG_METHODS = new Set(["fatal", "error", "warn", "info", "debug", "trace"]);
const MAX_DEPTH = 8;

/** A copy of a logged value with every string passed through `redact`; errors become plain `{type, name, message, stack, code, cause}`. */
export function redactLogValue(value: unknown, redact: SecretRedactor, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value !== "object" || value === null || value instanceof Date || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, redact, depth + 1));
  if (value instanceof Error) {
    const { code, cause } = value as Error & { code?: unknown };
    const out: Record<string, unknown> = { type: value.name, name: value.name, message: redact(value.message) };
    if (value.stack) out.stack = redact(value.stack);
    if (code !== undefined) out.code = redactLogValue(code, redact, depth + 1);
    if (cause !== undefined) out.cause = redactLogValue(cause, redact, depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return redact(String(value));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactLogValue(item, redact, depth + 1);
  return out;
}

/**
 * Wraps a pino logger so that every message, argument and logged object
 * (and those of its children) is redacted first. Nothing is copied for a
 * level that is off.
 */
export function createRedactingLogger(logger: Logger, redact: SecretRedactor): Logger {
  return new Proxy(logger, {
    get(target, prop) {
      if (prop === "child") {
        return (bindings: Record<string, unknown>, options?: object) =>
          createRedactingLogger(target.child(redactLogValue(bindings, redact) as Record<string, unknown>, options), redact);
      }
      if (typeof prop === "string" && LOG_METHODS.has(prop)) {
        const method = target[prop as "info"] as (...args: unknown[]) => void;
        return (...args: unknown[]) => {
          if (target.isLevelEnabled(prop)) method.apply(target, args.map((arg) => redactLogValue(arg, redact)));
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
