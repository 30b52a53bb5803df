/**
 * The demo ("main job"): scaffolds the built-in math task app, serves it on a
 * free loopback port with a generated key, runs the conformance check and a
 * short batch of rollouts with the scripted policy through the eval library
 * (what `task-app eval` runs) with every trace stored (tracing v3), reports the
 * judge metrics, exports the traces as SFT data, and shuts everything down.
 * The traces and the export are kept under `.task-app/demo/` of the working
 * folder; the scaffolded project is temporary.
 */
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { checkTaskApp, formatCheckReport, type CheckReport } from "../check/index.js";
import { createEvalReporter, formatEvalSummary, resolveEvalPlan, runEval } from "../eval/index.js";
import { exportSft, NoExamplesError } from "../traces/export-sft.js";
import { openTraceStore } from "../traces/lazy.js";
import { createTaskApp, generateApiKey } from "../scaffold/create.js";
import { packageRoot } from "../scaffold/paths.js";
import { loadTaskAppModule } from "../server/load.js";
import { serve } from "../server/serve.js";
import { displayPath, userCwd, viewCommandFor } from "../cli/invocation.js";

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** Seeds of the rollout batch (test split). Default 0..7. */
  seeds?: number[];
  /** Where the report is printed; default stdout. */
  out?: Writable;
  /** Rollouts in flight at once. Default 4. */
  concurrency?: number;
  /** Where the traces and the SFT export are kept: `<cwd>/.task-app/demo/<time>` by default (the scaffolded project itself is temporary). */
  keepDir?: string;
  /** Aborted (Ctrl-C): no new rollouts; the running ones finish, and the demo reports what it has. */
  stop?: AbortSignal;
}

/** One rollout of the batch. */
export interface DemoRollout {
  seed: number;
  status: number;
  episodeReturn: number | null;
  outcomeScore: number | null;
  eventsScore: number | null;
  /** Per-criterion scores of every judge, `judge.criterion` → score. */
  criteria: Record<string, number>;
}

/** What the demo did. */
export interface DemoReport {
  url: string;
  check: CheckReport;
  rollouts: DemoRollout[];
  /** Means over the batch: return, outcome and events scores, each criterion. */
  means: Record<string, number>;
  /** True when every check passed and every rollout answered 200. */
  ok: boolean;
  /** Where the traces were written (kept after the demo). */
  traceDb: string;
  /** Rollouts not run because the demo was stopped. */
  notRun: number;
}

/** Runs the demo end to end; the temporary project and the server are gone when it resolves. */
export async function runDemo(options: DemoOptions = {}): Promise<DemoReport> {
  const out = options.out ?? process.stdout;
  const seeds = options.seeds ?? [0, 1, 2, 3, 4, 5, 6, 7];
  const say = (line: string) => out.write(`${line}\n`);
  const key = generateApiKey();
  const root = await mkdtemp(path.join(os.tmpdir(), "task-app-demo-"));
  const keep = options.keepDir ?? path.join(process.cwd(), ".task-app", "demo", new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-"));
  const traceDb = path.join(keep, "traces", "v3", "synth_ai.db");
  const runDir = path.join(keep, "runs", "demo");
  try {
    const project = await createTaskApp({ dir: path.join(root, "math-demo"), template: "math", environmentApiKey: key });
    await mkdir(path.join(project.dir, "node_modules"));
    await symlink(packageRoot(), path.join(project.dir, "node_modules", "task-app"), "dir");
    say(`Scaffolded the math task app (${project.files.length} files) in ${project.dir}`);

    const app = await loadTaskAppModule(path.join(project.dir, "src", "app.ts"));
    const served = await serve(app, { port: 0, host: "127.0.0.1", handleSignals: false, logLevel: "silent", env: { ENVIRONMENT_API_KEY: key } });
    try {
      say(`Serving ${app.appId} on ${served.url} (key generated for this run)\n`);
      const check = await checkTaskApp({ url: served.url, apiKey: key });
      out.write(formatCheckReport(check));

      say(`\nRollout batch: ${seeds.length} test problems, scripted policy (task-app eval)`);
      const plan = await resolveEvalPlan(
        { url: [served.url], model: "scripted", envName: "math", split: "test", seeds: seeds.join(","), concurrency: options.concurrency ?? 4, runDir },
        root,
      );
      const store = await openTraceStore(traceDb, { write: true });
      let run;
      let exported;
      try {
        run = await runEval(plan, {
          urls: [served.url],
          app: app.appId,
          apiKey: key,
          reporter: createEvalReporter({ json: false, out: new PassThrough(), err: new PassThrough(), tty: false }),
          sink: async (session) => (await store.insertSession(session)).inserted,
          ...(options.stop ? { stop: options.stop } : {}),
        });
        // An export that selects nothing is refused (nothing written): a demo stopped before its first rollout exports nothing.
        exported = await exportSft(store.db, { out: path.join(keep, "sft", "train.jsonl") }).catch((error: unknown) => {
          if (error instanceof NoExamplesError && run!.results.length === 0) return { examples: 0, sessions: 0 };
          throw error;
        });
      } finally {
        await store.close();
      }
      for (const line of formatEvalSummary(run.summary)) say(line);
      // Paths as the user reads them from where they typed `npm run demo` (npm runs it in the package's folder).
      const where = userCwd();
      say(`\nTraces: ${run.traces.stored} sessions in ${displayPath(traceDb, where)} (tracing v3, kept after the demo); export-sft: ${exported.examples} SFT examples from ${exported.sessions} sessions`);
      say(`View: ${viewCommandFor(path.dirname(runDir), traceDb, where)}  (this run and its traces in a browser)`);
      const rollouts: DemoRollout[] = run.results.map((r) => ({
        seed: r.seed,
        status: r.http_status ?? 0,
        episodeReturn: r.return,
        outcomeScore: r.outcome_score,
        eventsScore: r.events_score,
        criteria: r.criteria,
      }));
      const means: Record<string, number> = { return: run.summary.mean_return ?? 0, ...run.summary.judge };
      const ok = check.ok && run.summary.failed === 0 && run.traces.stored === seeds.length && exported.examples > 0;
      return { url: served.url, check, rollouts, means, ok, traceDb, notRun: run.notRun };
    } finally {
      await served.close();
      say(`\nServer stopped.`);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
