/**
 * Structured logs (pino). Request logs carry method, path, status, duration
 * and run id, never headers or bodies, so keys cannot end up in them.
 */
import { pino, type Logger, type DestinationStream } from "pino";

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
