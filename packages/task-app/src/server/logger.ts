/**
 * Structured logs (pino). Request logs carry method, path, status, duration
 * and run id, never headers or bodies; every logger the server uses (its own,
 * the request log, `ctx.log` handed to executors) goes through secret
 * redaction, so a key in a path, a message or a logged object is masked.
 */
import type { DestinationStream, Logger } from "pino";
import { pino } from "../pino.js";
import type { SecretRedactor } from "./secrets.js";
import { createStyle, plain, type Style } from "../style.js";

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

/** Formats accepted by `--log-format`: one JSON object per line (for machines), or aligned text (for humans). */
export const LOG_FORMATS = ["json", "pretty"] as const;
/** One of `LOG_FORMATS`. */
export type LogFormat = (typeof LOG_FORMATS)[number];

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const OMITTED = new Set(["level", "time", "msg", "service", "pid", "hostname"]);

/** One pino JSON line as text: `12:34:56.789 WARN  message  key=value ...`, an error's stack indented below. */
export function formatPrettyLine(line: string, style: Style = plain): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toISOString().slice(11, 23) : "";
  const rank = entry.level as number;
  const name = (LEVEL_NAMES[rank] ?? String(entry.level)).padEnd(5);
  const level = rank >= 50 ? style.fail(name) : rank >= 40 ? style.warn(name) : name;
  const fields: string[] = [];
  let stack = "";
  for (const [key, value] of Object.entries(entry)) {
    if (OMITTED.has(key)) continue;
    if (key === "err" && typeof value === "object" && value !== null) {
      const { stack: trace, ...rest } = value as Record<string, unknown>;
      if (typeof trace === "string") stack = `\n    ${trace.split("\n").join("\n    ")}`;
      fields.push(`err=${JSON.stringify(rest)}`);
      continue;
    }
    fields.push(`${key}=${typeof value === "string" && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`);
  }
  return `${style.dim(time)} ${level} ${String(entry.msg ?? "")}${fields.length ? `  ${fields.join(" ")}` : ""}${stack}\n`;
}

/** A pino destination writing `formatPrettyLine` text to `out` (default stdout), coloured when `out` is a terminal (see src/style.ts). */
export function createPrettyDestination(out: { write(text: string): unknown; isTTY?: boolean } = process.stdout): DestinationStream {
  const style = createStyle(out);
  return { write: (line: string) => void out.write(formatPrettyLine(line, style)) };
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
 * level that is off. What the wrapper hands out for a name is made once and
 * kept while the logger's own value under that name stays the same (pino
 * swaps a level's method when the level changes): a server reads its logger
 * on every request.
 */
export function createRedactingLogger(logger: Logger, redact: SecretRedactor): Logger {
  const made = new Map<string | symbol, { of: unknown; as: unknown }>();
  const child = (bindings: Record<string, unknown>, options?: object) => createRedactingLogger(logger.child(redactLogValue(bindings, redact) as Record<string, unknown>, options), redact);
  return new Proxy(logger, {
    get(target, prop) {
      if (prop === "child") return child;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const seen = made.get(prop);
      if (seen !== undefined && seen.of === value) return seen.as;
      const method = value as (...args: unknown[]) => void;
      const as =
        typeof prop === "string" && LOG_METHODS.has(prop)
          ? (...args: unknown[]) => {
              if (!target.isLevelEnabled(prop)) return;
              const once = redact.fixed?.() ?? redact; // the secrets read once for the line's every field
              method.apply(target, args.map((arg) => redactLogValue(arg, once)));
            }
          : method.bind(target);
      made.set(prop, { of: value, as });
      return as;
    },
  });
}
