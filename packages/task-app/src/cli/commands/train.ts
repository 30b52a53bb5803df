/**
 * `task-app train --type rl|sft --config <toml>`: validates the config,
 * checks the task app (RL) or the training file (SFT), submits the job to
 * the backend with SYNTH_API_KEY and follows it until it ends. Exit 0 when
 * the job succeeds (or on --dry-run / --no-poll once done), 1 when the config,
 * the task app, the backend or the job fails, 2 on usage errors and missing keys.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { ENV_FILE_OPTION, ENV_PRECEDENCE } from "../env-option.js";

interface TrainArgs {
  type?: "rl" | "sft";
  config: string;
  backend?: string;
  "task-url"?: string;
  model?: string;
  dataset?: string;
  examples?: number;
  "env-file": string[];
  idempotency?: string;
  "allow-experimental": boolean;
  "allow-unknown-models": boolean;
  poll: boolean;
  "poll-timeout": number;
  "poll-interval": number;
  "dry-run": boolean;
  "skip-health": boolean;
  json: boolean;
}

/** A usage message for options that do not fit together, else true. */
export function checkTrainOptions(args: Partial<TrainArgs>): true | string {
  if (args.type === "sft" && (args["task-url"] !== undefined || args.model !== undefined)) return "--task-url and --model apply only to rl jobs";
  if (args.type === "rl" && (args.dataset !== undefined || args.examples !== undefined)) return "--dataset and --examples apply only to sft jobs";
  if (args.examples !== undefined && !(Number.isInteger(args.examples) && args.examples > 0)) return "--examples must be a positive integer";
  for (const name of ["poll-timeout", "poll-interval"] as const) {
    const value = args[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) return `--${name} must be a positive number of seconds`;
  }
  if (args["skip-health"] && !args["dry-run"]) return "--skip-health applies only with --dry-run: a job is never submitted for a task app that fails its health check";
  return true;
}

async function runTrainCommand(args: TrainArgs): Promise<void> {
  const context = contextOf(args);
  const usage = checkTrainOptions(args);
  if (usage !== true) {
    process.stderr.write(`task-app train: ${usage}\nRun \`task-app train --help\` for usage.\n`);
    context.setExitCode(2);
    return;
  }
  const { runTrain, createTrainPrinter, TrainError, secretsOf, loadTrainEnv, lookupHint } = await import("../../train/index.js");
  const { redactSecrets, redactUrlCredentials } = await import("../../server/secrets.js");
  // Redact against the process environment and the env files; a file that cannot be read is reported by runTrain.
  let secrets = secretsOf(process.env);
  try {
    secrets = secretsOf(loadTrainEnv(args["env-file"]).env);
  } catch {
    /* reported below */
  }
  const printer = createTrainPrinter({ stdout: process.stdout, stderr: process.stderr, json: args.json, redact: (t) => redactSecrets(redactUrlCredentials(t), secrets) });
  // Ctrl-C while following a job stops following it, not the job: say how to pick it up again.
  let job: { jobId: string; kind: "rl" | "sft" } | undefined;
  const onInterrupt = () => {
    printer.fail(job ? { code: "interrupted", jobId: job.jobId, message: `stopped following job ${job.jobId}; it keeps running on the backend: ${lookupHint(job.jobId, job.kind)}` } : { code: "interrupted", message: "interrupted" });
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  const report: typeof printer.report = (event) => {
    if (event.type === "job") job = { jobId: event.jobId, kind: event.kind };
    printer.report(event);
  };
  try {
    await runTrain(
      {
        config: args.config,
        kind: args.type,
        backend: args.backend,
        taskUrl: args["task-url"],
        model: args.model,
        dataset: args.dataset,
        examples: args.examples,
        envFiles: args["env-file"],
        idempotencyKey: args.idempotency,
        allowExperimental: args["allow-experimental"],
        allowUnknownModels: args["allow-unknown-models"],
        noPoll: !args.poll,
        pollTimeoutMs: args["poll-timeout"] * 1000,
        pollIntervalMs: args["poll-interval"] * 1000,
        dryRun: args["dry-run"],
        skipHealth: args["skip-health"],
      },
      report,
    );
    printer.finish();
    context.setExitCode(0);
  } catch (error) {
    if (!(error instanceof TrainError)) throw error;
    printer.fail(error);
    context.setExitCode(error.exitCode);
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}

export const trainCommand: CommandModule<object, TrainArgs> = {
  command: "train",
  describe: "Submit an RL or SFT training job to the backend and follow it until it ends",
  builder: (yargs: Argv<object>) =>
    yargs
      .usage(
        "$0 train --config <toml> [--type rl|sft] [options]\n\n" +
          "RL: validate the config, have the backend verify the task app (POST /rl/verify_task_app), health-check its /health and /task_info with ENVIRONMENT_API_KEY, submit the payload `task-app payload` prints (POST /rl/jobs) and poll it.\n" +
          "SFT: validate the config and the JSONL, upload it (POST /learning/files), create and start the job (POST /learning/jobs, .../start) and poll it.\n\n" +
          "Keys: SYNTH_API_KEY for the backend, ENVIRONMENT_API_KEY for the task app; never printed. " + ENV_PRECEDENCE,
      )
      .option("type", { choices: ["rl", "sft"] as const, describe: "Job kind (default: detected from the config)" })
      .option("config", { type: "string", demandOption: true, describe: "Training config (TOML)" })
      .option("backend", { type: "string", describe: "Backend base URL (else BACKEND_BASE_URL, else https://agent-learning.onrender.com); /api is appended" })
      .option("task-url", { type: "string", describe: "RL: task app URL; beats TASK_APP_URL and services.task_url" })
      .option("model", { type: "string", describe: "RL: model to start from; replaces model.source and clears the base model" })
      .option("dataset", { type: "string", describe: "SFT: training JSONL; beats job.data and job.data_path" })
      .option("examples", { type: "number", describe: "SFT: upload only the first N examples" })
      .option("env-file", ENV_FILE_OPTION)
      .option("idempotency", { type: "string", describe: "Idempotency-Key for the job creation (generated and printed when not given)" })
      .option("allow-unknown-models", { type: "boolean", default: false, describe: "Submit a model outside synth-ai's catalog (for a backend with a larger catalog)" })
      .option("allow-experimental", { type: "boolean", default: false, describe: "Submit a model outside the trainer's supported list (as SDK_EXPERIMENTAL=1)" })
      .option("poll", { type: "boolean", default: true, describe: "Follow the job until it ends (--no-poll prints the job id and exits)" })
      .option("poll-timeout", { type: "number", default: 3600, describe: "Seconds to follow the job before giving up (the job keeps running)" })
      .option("poll-interval", { type: "number", default: 5, describe: "Seconds between status checks" })
      .option("dry-run", { type: "boolean", default: false, describe: "Validate, health-check and print the payload; submit nothing" })
      .option("skip-health", { type: "boolean", default: false, describe: "With --dry-run: print the payload even when the task app health check fails" })
      .option("json", { type: "boolean", default: false, describe: "Print every step, status and metric as one JSON object per line" })
      .example("$0 train --type rl --config configs/rl.toml --env-file .env", "verify the task app, submit the RL job and follow it")
      .example("$0 train --config configs/sft.toml --dataset data/train.jsonl --examples 100", "upload the first 100 examples and run an SFT job")
      .example("$0 train --config configs/rl.toml --dry-run", "print the payload that would be submitted") as unknown as Argv<TrainArgs>,
  handler: runTrainCommand,
};
