/**
 * Where an eval's rollouts go: running task apps (`--url`), or the app module
 * served by the eval itself on a free loopback port for the run (`--app`),
 * with the key from the environment or one generated for the run.
 */
import type { EvalTarget } from "./plan.js";

export interface EvalTargets {
  urls: string[];
  /** What the manifest records as the app. */
  app: string;
  apiKey?: string;
  /** For an app the eval serves itself: what it logged under each failure's error id (bounded). */
  appErrors?: () => { kept: import("./app-log.js").AppError[]; more: number };
  close(): Promise<void>;
}

/** Serves `--app` (or takes the `--url`s as they are) and says which key to send. */
export async function startEvalTargets(target: EvalTarget, apiKey: string | undefined): Promise<EvalTargets> {
  if (target.kind === "urls") return { urls: target.urls, app: target.urls.join(","), ...(apiKey ? { apiKey } : {}), close: async () => {} };
  // The server (and the HTTP stack it loads) only when the eval serves the app itself: `--url` runs start without it.
  const [{ generateApiKey }, { loadTaskAppModule }, { serve }, { createLogger }, { createAppErrorLog }] = await Promise.all([
    import("../server/auth.js"),
    import("../server/load.js"),
    import("../server/serve.js"),
    import("../server/logger.js"),
    import("./app-log.js"),
  ]);
  const key = apiKey ?? generateApiKey();
  const app = await loadTaskAppModule(target.module);
  // Its failures (logged at warn and error, each under the error id its answer carries) are kept to show beside the results.
  const log = createAppErrorLog();
  const served = await serve(app, { port: 0, host: "127.0.0.1", handleSignals: false, logger: createLogger("warn", log.destination), announce: false, env: { ENVIRONMENT_API_KEY: key } });
  return { urls: [served.url], app: target.module, apiKey: key, appErrors: log.errors, close: () => served.close() };
}
