/**
 * Eval runs for the viewer's tests, made the way a user makes them: each
 * template scaffolded (this package linked as its `task-app` dependency),
 * served on a free loopback port, evaluated with the scripted policy through
 * the eval library (what `task-app eval` runs) into run directories, every
 * returned trace written to one real SQLite store. Needs the build.
 */
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { createEvalReporter, resolveEvalPlan, runEval, type EvalRunReport } from "../../src/eval/index.js";
import { createTaskApp } from "../../src/scaffold/create.js";
import { packageRoot } from "../../src/scaffold/paths.js";
import { loadTaskAppModule } from "../../src/server/load.js";
import { serve } from "../../src/server/serve.js";
import { openTraceStore, type TraceStore } from "../../src/traces/store.js";

const KEY = "sk_env_view_test_key_0123456789abcdef";

export interface ViewRun {
  name: string;
  template: string;
  dir: string;
  report: EvalRunReport;
}

export interface EvalSpec {
  /** The run directory's name. */
  name: string;
  template: "math" | "multi-step" | "vision";
  seeds: string;
  /** Extra policy.config (key=value). */
  policyConfig?: string[];
}

/** Scaffolds each template once under `root`, then runs each spec into `root/runs/<name>`, traces into `root/traces.db`. */
export async function makeViewRuns(root: string, specs: EvalSpec[]): Promise<{ db: string; runsDir: string; runs: ViewRun[] }> {
  const db = join(root, "traces.db");
  const runsDir = join(root, "runs");
  const store = await openTraceStore(db, { write: true });
  const runs: ViewRun[] = [];
  try {
    const served = new Map<string, Awaited<ReturnType<typeof serve>>>();
    try {
      for (const template of new Set(specs.map((s) => s.template))) {
        const project = await createTaskApp({ dir: join(root, `${template}-app`), template, environmentApiKey: false });
        await mkdir(join(project.dir, "node_modules"), { recursive: true });
        await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
        const app = await loadTaskAppModule(join(project.dir, "src", "app.ts"));
        served.set(template, await serve(app, { port: 0, host: "127.0.0.1", handleSignals: false, handleProcessErrors: false, logLevel: "silent", env: { ENVIRONMENT_API_KEY: KEY } }));
      }
      for (const spec of specs) {
        const server = served.get(spec.template)!;
        const dir = join(runsDir, spec.name);
        const plan = await resolveEvalPlan(
          { url: [server.url], model: "scripted", seeds: spec.seeds, concurrency: 4, runDir: dir, ...(spec.template === "math" ? { envName: "math", split: "test" } : {}), policyConfig: spec.policyConfig ?? [] },
          root,
        );
        const report = await runEval(plan, {
          urls: [server.url],
          app: spec.template,
          apiKey: KEY,
          reporter: createEvalReporter({ json: false, out: new PassThrough(), err: new PassThrough(), tty: false }),
          sink: async (session) => (await store.insertSession(session)).inserted,
        });
        runs.push({ name: spec.name, template: spec.template, dir, report });
      }
    } finally {
      for (const s of served.values()) await s.close();
    }
  } finally {
    await store.close();
  }
  return { db, runsDir, runs };
}

/** Opens the store for a test's own checks (read only). */
export const openForChecks = (db: string): Promise<TraceStore> => openTraceStore(db, { mustExist: true });
