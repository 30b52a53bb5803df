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
  close(): Promise<void>;
}

/** Serves `--app` (or takes the `--url`s as they are) and says which key to send. */
export async function startEvalTargets(target: EvalTarget, apiKey: string | undefined): Promise<EvalTargets> {
  if (target.kind === "urls") return { urls: target.urls, app: target.urls.join(","), ...(apiKey ? { apiKey } : {}), close: async () => {} };
  // The server (and the HTTP stack it loads) only when the eval serves the app itself: `--url` runs start without it.
  const [{ generateApiKey }, { loadTaskAppModule }, { serve }] = await Promise.all([import("../scaffold/create.js"), import("../server/load.js"), import("../server/serve.js")]);
  const key = apiKey ?? generateApiKey();
  const app = await loadTaskAppModule(target.module);
  const served = await serve(app, { port: 0, host: "127.0.0.1", handleSignals: false, logLevel: "silent", env: { ENVIRONMENT_API_KEY: key } });
  return { urls: [served.url], app: target.module, apiKey: key, close: () => served.close() };
}
