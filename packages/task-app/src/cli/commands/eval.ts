/**
 * `task-app eval`: runs seeds against a task app (served for the run with
 * --app, or running ones with --url, several to spread the work), prints a
 * live progress line, the per-seed table and the judge metrics, appends a
 * result line per rollout and stores the returned traces. Exit 0 when every
 * rollout answered, 1 when any failed, 2 on usage errors, 130 when stopped.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { ENV_FILE_OPTION, ENV_PRECEDENCE } from "../env-option.js";
import { viewCommandFor } from "../invocation.js";

export interface EvalArgs {
  app?: string;
  "app-id"?: string;
  url?: string[];
  model?: string;
  seeds?: string;
  "env-name"?: string;
  config?: string;
  split?: string;
  concurrency?: number;
  "rollouts-per-seed"?: number;
  "inference-url"?: string;
  "policy-config"?: string[];
  "trace-db"?: string;
  trace: boolean;
  out?: string;
  "run-dir"?: string;
  resume: boolean;
  timeout?: number;
  retries?: number;
  "max-response-bytes"?: number;
  json: boolean;
  "env-file": string[];
  "api-key"?: string;
  wire?: "0.2" | "container";
}

const say = (line: string) => process.stdout.write(`${line}\n`);

export async function runEvalCommand(args: EvalArgs): Promise<void> {
  const context = contextOf(args);
  const { redactUrlCredentials, redactSecrets } = await import("../../server/secrets.js");
  const fail = (code: number, message: string) => {
    const key = args["api-key"] ?? process.env.ENVIRONMENT_API_KEY;
    const shown = redactUrlCredentials(message);
    process.stderr.write(`task-app eval: ${key ? redactSecrets(shown, [key]) : shown}\n`);
    context.setExitCode(code);
  };
  const [{ resolveEnvironmentApiKeys }, lib] = await Promise.all([import("../../server/auth.js"), import("../../eval/lib.js")]);
  // --app-id (or an id given to --app) names the module the project registers for it.
  const { resolveAppId, resolveAppModule, AppNotFoundError } = await import("../../apps/resolve.js");
  let app: string | undefined;
  try {
    if (args.app && args["app-id"]) return fail(2, "give --app (a module) or --app-id (an app id), not both");
    app = args["app-id"] ? resolveAppId(args["app-id"]) : args.app ? resolveAppModule(args.app) : undefined;
  } catch (error) {
    if (error instanceof AppNotFoundError) return fail(2, error.message);
    throw error;
  }
  let plan;
  try {
    plan = await lib.resolveEvalPlan({
      app,
      url: args.url,
      model: args.model,
      seeds: args.seeds,
      envName: args["env-name"],
      config: args.config,
      split: args.split,
      concurrency: args.concurrency,
      rolloutsPerSeed: args["rollouts-per-seed"],
      inferenceUrl: args["inference-url"],
      policyConfig: args["policy-config"],
      traceDb: args.trace ? args["trace-db"] : false,
      out: args.out,
      runDir: args["run-dir"],
      resume: args.resume,
      timeout: args.timeout,
      retries: args.retries,
      maxResponseBytes: args["max-response-bytes"],
    });
  } catch (error) {
    if (error instanceof lib.EvalPlanError) return fail(2, error.message);
    throw error;
  }

  const apiKey = args["api-key"] ?? resolveEnvironmentApiKeys()[0];
  if (plan.target.kind === "urls" && !apiKey) return fail(2, "no API key for the task app: set ENVIRONMENT_API_KEY (directly or in an --env-file) or pass --api-key");
  // The run directory is this process's before anything starts (refused, exit 2, when another eval holds it).
  let lock;
  try {
    const claimed = lib.claimDefaultRunDir(plan);
    plan = claimed.plan;
    lock = await lib.lockRunDir(plan.runDir, { created: claimed.created });
  } catch (error) {
    if (error instanceof lib.RunDirLockedError) return fail(2, error.message);
    throw error;
  }
  try {
    // Results files that are not this run's own regular files: refused before anything is served (exit 2).
    lib.checkRunFiles(plan);
    await runLockedCommand(args, plan, apiKey, lock, lib, fail);
  } catch (error) {
    if (error instanceof lib.EvalPlanError) return fail(2, error.message);
    throw error;
  } finally {
    lock.release();
  }
}

async function runLockedCommand(
  args: EvalArgs,
  plan: import("../../eval/lib.js").EvalPlan,
  apiKey: string | undefined,
  lock: import("../../eval/lib.js").RunDirLock,
  lib: typeof import("../../eval/lib.js"),
  fail: (code: number, message: string) => void,
): Promise<void> {
  const context = contextOf(args);
  let targets;
  try {
    targets = await lib.startEvalTargets(plan.target, apiKey);
  } catch (error) {
    return fail(2, `cannot serve ${plan.target.kind === "app" ? plan.target.module : args.app}: ${(error as Error).message}`);
  }
  let traceSink: Awaited<ReturnType<typeof openSink>> | undefined;
  const stop = new AbortController();
  const abort = new AbortController();
  const onInterrupt = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      process.stderr.write("\nstopping: no new rollouts; the running ones finish (Ctrl-C again aborts them)\n");
    } else abort.abort();
  };
  process.on("SIGINT", onInterrupt);
  const reporter = lib.createEvalReporter({ json: args.json, out: process.stdout, err: process.stderr, tty: Boolean(process.stderr.isTTY) && !args.json });
  try {
    if (plan.traceDb) traceSink = await openSink(plan.traceDb);
    const report = await lib.runEval(plan, {
      urls: targets.urls,
      app: targets.app,
      ...(targets.apiKey ? { apiKey: targets.apiKey } : {}),
      reporter,
      ...(traceSink ? { sink: traceSink.sink } : {}),
      stop: stop.signal,
      abort: abort.signal,
      lock,
      ...(args.wire ? { wire: args.wire } : {}),
      // The summary is built as results come; they stay on disk (memory does not grow with the run).
      keepResults: false,
    });
    reporter.close();
    if (args.json) reporter.emit({ event: "summary", summary: report.summary }, { total: 0, done: 0, running: 0, failed: 0, returnSum: 0, returnCount: 0, startedAt: Date.now() });
    else {
      say("");
      const style = (await import("../../style.js")).createStyle(process.stdout);
      for (const line of lib.formatEvalSummary(report.summary, style)) say(line);
      say("");
      say(`results          ${plan.out} (failures: ${plan.failuresOut})`);
      const mismatch = lib.describePolicyMismatch(plan.model, Object.keys(report.summary.policy_models), plan.policyConfig.inference_url);
      if (mismatch) process.stderr.write(`${mismatch}\n`);
      if (traceSink) say(`traces           ${report.traces.stored} stored in ${traceSink.location}${report.traces.duplicates ? `, ${report.traces.duplicates} already stored (not stored again)` : ""}${report.traces.failed ? `, ${report.traces.failed} failed to store` : ""}${report.traces.missing ? `, ${report.traces.missing} rollouts returned none` : ""}`);
      say(`view             ${viewCommandFor(plan.runDir, traceSink?.location)}`);
      const appErrors = targets.appErrors?.();
      if (appErrors && report.summary.failed) {
        const { formatAppErrors } = await import("../../eval/app-log.js");
        const { escapeTerminal } = await import("../../text/terminal.js");
        const lines = formatAppErrors(appErrors);
        if (lines.length) process.stderr.write(`\n${lines.map((l) => escapeTerminal(l)).join("\n")}\n`);
      }
    }
    if (report.notRun > 0) {
      const again = lib.resumeCommand(process.argv.slice(2), plan.runDir);
      const why =
        report.stopped === "no_replica"
          ? `every task app replica is gone (none answers GET /health): stopped dispatching, ${report.notRun} rollouts not run. When the app answers again, resume with:`
          : `interrupted: ${report.notRun} rollouts not run. Resume with:`;
      process.stderr.write(`${why}\n  task-app ${again.command}\n${again.note ? `(${again.note})\n` : ""}`);
      context.setExitCode(report.stopped === "no_replica" ? 1 : 130);
    } else context.setExitCode(report.summary.failed ? 1 : 0);
  } catch (error) {
    reporter.close();
    if (error instanceof lib.EvalPlanError) return fail(2, error.message);
    if (error instanceof lib.EvalRunError) return fail(1, error.message);
    throw error;
  } finally {
    process.off("SIGINT", onInterrupt);
    await traceSink?.close();
    await targets.close();
  }
}

/** Opens the trace store the eval writes (the eval process is its single writer, with eval's batch window); the store validates each session. */
async function openSink(url: string) {
  const store = await (await import("../../eval/trace-store.js")).openEvalTraceStore(url);
  return {
    location: store.location,
    /** runEval has already given the session its run's identity: true when it was written, false when the store held it. */
    sink: async (session: unknown) => {
      return (await store.insertSession(session)).inserted;
    },
    close: () => store.close(),
  };
}

/** The options of `eval`: yargs' table, and the one the plain-argument path (`../fast-eval.ts`) parses. */
export const evalOptions = {
  app: { type: "string", describe: "Task app module (.ts or .js) to serve on a free loopback port for the run" },
  "app-id": { type: "string", describe: "Serve the app the project registers under this id (package.json \"task-app\".apps, else src/app.ts's appId) for the run" },
  url: { type: "string", array: true, describe: "Base URL of a running task app; repeat for replicas (least busy first; one that fails /health is taken out)" },
  model: { type: "string", describe: "Policy model id, sent as policy.config.model (e.g. scripted)" },
  seeds: { type: "string", describe: 'Seeds: numbers and inclusive ranges, e.g. "1-5,9"' },
  "env-name": { type: "string", describe: "env.env_name of each rollout (else env_name in [eval])" },
  config: { type: "string", describe: "Eval TOML ([eval] table or flat); flags override it" },
  split: { type: "string", describe: "Dataset split (default train)" },
  concurrency: { type: "number", describe: "Rollouts in flight at once (default 4)" },
  "rollouts-per-seed": { type: "number", describe: "Rollouts per seed (default 1)" },
  "inference-url": { type: "string", describe: "Inference endpoint, sent as policy.config.inference_url" },
  "policy-config": { type: "string", array: true, describe: "key=value added to policy.config; values are JSON when they parse (temperature=0.2)" },
  "trace-db": { type: "string", describe: "Trace store for the returned traces: a path (default traces/v3/synth_ai.db) or a libsql/postgres URL" },
  trace: { type: "boolean", default: true, describe: "Store the returned traces (--no-trace: neither ask for nor store them)" },
  out: { type: "string", describe: "Results file, one JSON line per rollout (default <run-dir>/results.jsonl)" },
  "run-dir": { type: "string", describe: "Run directory: manifest, resolved config, results (default runs/eval-<time>)" },
  resume: { type: "boolean", default: false, describe: "Continue the run in --run-dir: run only missing or failed rollouts" },
  timeout: { type: "number", describe: "Seconds one rollout may take (default 600)" },
  retries: { type: "number", describe: "Retries of a rollout whose replica dropped the connection or answered 502/503 (default 2)" },
  "max-response-bytes": { type: "number", describe: "Largest answer read from the app, in bytes (default 67108864, the server's maxBodyBytes); a larger one fails the rollout as response_too_large" },
  "api-key": { type: "string", describe: "Key for the task app (default ENVIRONMENT_API_KEY; --app generates one when unset)" },
  wire: {
    type: "string",
    choices: ["0.2", "container"] as const,
    describe: "Rollout wire: 0.2.x (run_id, ops, metrics) or synth-ai's container era (trace_correlation_id, reward_info). Default: what the app's /info advertises, else 0.2",
  },
  "env-file": ENV_FILE_OPTION,
  json: { type: "boolean", default: false, describe: "NDJSON events on stdout instead of text" },
} as const;

/** The `eval` command. */
export const evalCommand: CommandModule<object, EvalArgs> = {
  command: "eval",
  describe: "Run seeds against a task app and report returns and judge metrics (local evaluation)",
  builder: (yargs: Argv<object>) =>
    yargs
      .options(evalOptions)
      .epilog(ENV_PRECEDENCE)
      .example("$0 eval --app src/app.ts --model scripted --seeds 1-5", "serve the app for the run and evaluate five seeds")
      .example("$0 eval --app-id my-env --model scripted --seeds 1-5", "the same, by the app's id")
      .example("$0 eval --url http://10.0.0.1:8001 --url http://10.0.0.2:8001 --model Qwen/Qwen3-4B --seeds 0-99 --inference-url http://10.0.0.9:8000", "two replicas, a real model")
      .example("$0 eval --run-dir runs/base --resume --app src/app.ts --model scripted --seeds 1-5", "continue an interrupted run") as unknown as Argv<EvalArgs>,
  handler: runEvalCommand,
};
