/**
 * The demo ("main job"): scaffolds the built-in math task app, serves it on a
 * free loopback port with a generated key, runs the conformance check and a
 * short batch of rollouts with the scripted policy, reports the judge
 * metrics, and shuts everything down.
 */
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { checkTaskApp, formatCheckReport, type CheckReport } from "../check/index.js";
import { createTaskApp, generateApiKey } from "../scaffold/create.js";
import { packageRoot } from "../scaffold/paths.js";
import { loadTaskAppModule } from "../server/load.js";
import { serve } from "../server/serve.js";

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** Seeds of the rollout batch (test split). Default 0..7. */
  seeds?: number[];
  /** Where the report is printed; default stdout. */
  out?: Writable;
  /** Rollouts in flight at once. Default 4. */
  concurrency?: number;
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
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const fmt = (x: number | null) => (x === null ? "   -  " : x.toFixed(3).padStart(6));

async function rolloutOnce(url: string, key: string, seed: number): Promise<DemoRollout> {
  const res = await fetch(`${url}/rollout`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({
      run_id: `demo-${seed}`,
      env: { env_name: "math", seed, config: { split: "test" } },
      policy: { policy_name: "scripted", config: {} },
      ops: [],
      mode: "eval",
    }),
  });
  const body = (await res.json()) as {
    metrics?: {
      episode_returns: number[];
      outcome_score?: number | null;
      events_score?: number | null;
      details?: { judges?: Record<string, { per_criterion: Record<string, { score: number }> }> };
    };
  };
  const criteria: Record<string, number> = {};
  for (const [judge, score] of Object.entries(body.metrics?.details?.judges ?? {})) {
    for (const [id, c] of Object.entries(score.per_criterion)) criteria[`${judge}.${id}`] = c.score;
  }
  return {
    seed,
    status: res.status,
    episodeReturn: body.metrics?.episode_returns[0] ?? null,
    outcomeScore: body.metrics?.outcome_score ?? null,
    eventsScore: body.metrics?.events_score ?? null,
    criteria,
  };
}

/** Runs the demo end to end; the temporary project and the server are gone when it resolves. */
export async function runDemo(options: DemoOptions = {}): Promise<DemoReport> {
  const out = options.out ?? process.stdout;
  const seeds = options.seeds ?? [0, 1, 2, 3, 4, 5, 6, 7];
  const say = (line: string) => out.write(`${line}\n`);
  const key = generateApiKey();
  const root = await mkdtemp(path.join(os.tmpdir(), "task-app-demo-"));
  try {
    const project = await createTaskApp({ dir: path.join(root, "math-demo"), template: "math", environmentApiKey: key });
    await mkdir(path.join(project.dir, "node_modules"));
    await symlink(packageRoot(), path.join(project.dir, "node_modules", "task-app"), "dir");
    say(`Scaffolded the math task app (${project.files.length} files) in ${project.dir}`);

    const app = await loadTaskAppModule(path.join(project.dir, "src", "app.ts"));
    const served = await serve(app, { port: 0, host: "127.0.0.1", handleSignals: false, logLevel: "silent", env: { ENVIRONMENT_API_KEY: key } });
    const stop = () => void served.close();
    process.once("SIGINT", stop);
    try {
      say(`Serving ${app.appId} on ${served.url} (key generated for this run)\n`);
      const check = await checkTaskApp({ url: served.url, apiKey: key });
      out.write(formatCheckReport(check));

      say(`\nRollout batch: ${seeds.length} test problems, scripted policy`);
      const rollouts: DemoRollout[] = [];
      const queue = [...seeds];
      await Promise.all(
        Array.from({ length: Math.min(options.concurrency ?? 4, seeds.length) }, async () => {
          for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) rollouts.push(await rolloutOnce(served.url, key, seed));
        }),
      );
      rollouts.sort((a, b) => a.seed - b.seed);
      say("  seed  status  return  outcome  events");
      for (const r of rollouts) say(`  ${String(r.seed).padStart(4)}  ${String(r.status).padStart(6)}  ${fmt(r.episodeReturn)}  ${fmt(r.outcomeScore)}  ${fmt(r.eventsScore)}`);

      const ok200 = rollouts.filter((r) => r.status === 200);
      const means: Record<string, number> = {
        return: mean(ok200.map((r) => r.episodeReturn ?? 0)),
        outcome_score: mean(ok200.map((r) => r.outcomeScore ?? 0)),
        events_score: mean(ok200.map((r) => r.eventsScore ?? 0)),
      };
      const names = [...new Set(ok200.flatMap((r) => Object.keys(r.criteria)))].sort();
      for (const name of names) means[name] = mean(ok200.map((r) => r.criteria[name] ?? 0));
      say("\nJudge metrics (mean over the batch)");
      const width = Math.max(...Object.keys(means).map((k) => k.length));
      for (const [name, value] of Object.entries(means)) say(`  ${name.padEnd(width)}  ${value.toFixed(3)}`);
      const ok = check.ok && ok200.length === rollouts.length;
      return { url: served.url, check, rollouts, means, ok };
    } finally {
      process.off("SIGINT", stop);
      await served.close();
      say(`\nServer stopped.`);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
