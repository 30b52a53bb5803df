/**
 * What `serve` and the `--workers` primary share without the server itself: the "task app
 * listening" line and how long a process may outlive its shutdown. A module of its own so the
 * primary (src/server/cluster.ts), which never loads the app, does not load the server either
 * (the routes, Hono, Zod's schemas, the tracer: about 300 ms of CPU at every `task-app serve`).
 */
import { resolveEnvironmentApiKeys } from "./auth.js";
import type { Logger } from "pino";

/** How long the process may stay alive after a signal-triggered shutdown before it is ended. */
export const EXIT_AFTER_SHUTDOWN_MS = 1_000;

/** Logs "task app listening" with the URL, then a warning when auth is off or no key is configured. */
export function announceServing(
  logger: Pick<Logger, "info" | "warn">,
  served: { url: string; appId: string; requireApiKey: boolean },
  env: Parameters<typeof resolveEnvironmentApiKeys>[0] = process.env,
): void {
  logger.info({ url: served.url, app_id: served.appId, auth: served.requireApiKey }, "task app listening");
  if (!served.requireApiKey) logger.warn("API key auth is off (requireApiKey: false): anyone who can reach this address can run rollouts");
  else if (resolveEnvironmentApiKeys(env).length === 0) {
    logger.warn({ fix: "set ENVIRONMENT_API_KEY, e.g. in a file passed with --env-file" }, "no API key is configured: every route but / answers 503 missing_environment_api_key");
  }
}
