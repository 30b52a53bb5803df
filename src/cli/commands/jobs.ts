/**
 * `task-app jobs status <id>` and `task-app jobs events <id>`: look up a job
 * submitted earlier (by `train --no-poll`, or one `train` stopped following).
 * Exit 0 when found, 1 when the backend fails or has no such job, 2 on usage
 * errors and a missing SYNTH_API_KEY.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";

interface JobsArgs {
  action: "status" | "events";
  id: string;
  type?: "rl" | "sft";
  backend?: string;
  "env-file": string[];
  since: number;
  timeout: number;
  json: boolean;
}

async function runJobs(args: JobsArgs): Promise<void> {
  const context = contextOf(args);
  const train = await import("../../train/index.js");
  const { redactSecrets, redactUrlCredentials, collectSecrets } = await import("../../server/secrets.js");
  let secrets = collectSecrets(process.env);
  try {
    secrets = collectSecrets(train.loadTrainEnv(args["env-file"]).env);
  } catch {
    /* an unreadable env file is reported by openBackend */
  }
  const { escapeTerminal } = await import("../../text/terminal.js");
  // Lines of text: what the backend sent has its control characters escaped; JSON escapes them itself.
  const write = (stream: NodeJS.WriteStream, text: string) => stream.write(redactSecrets(redactUrlCredentials(text), secrets));
  const writeLines = (stream: NodeJS.WriteStream, text: string) => write(stream, `${text.split("\n").map(escapeTerminal).join("\n")}\n`);
  try {
    if (!(Number.isFinite(args.timeout) && args.timeout > 0)) {
      process.stderr.write("task-app jobs: --timeout must be a positive number of seconds\nRun `task-app jobs --help` for usage.\n");
      return context.setExitCode(2);
    }
    const ms = args.timeout * 1000;
    const client = train.openBackend({ backend: args.backend, envFiles: args["env-file"], client: { timeoutMs: ms, deadlineMs: ms } });
    if (args.action === "status") {
      const { kind, value } = await train.lookupJobStatus(client, args.id, args.type);
      const model = train.readFineTunedModel(value.body);
      if (args.json) write(process.stdout, `${JSON.stringify({ kind, ...value.body }, null, 2)}\n`);
      else {
        writeLines(process.stdout, `${kind.toUpperCase()} job ${args.id}: ${value.status}`);
        if (model) writeLines(process.stdout, `fine-tuned model: ${model}`);
      }
    } else {
      const { value } = await train.lookupJobEvents(client, args.id, args.type, args.since);
      for (const event of value) {
        const metrics = train.readMetrics(event.data);
        if (args.json) write(process.stdout, `${JSON.stringify(event)}\n`);
        else writeLines(process.stdout, escapeTerminal(`[${event.seq}] ${event.type}${event.message ? `: ${event.message}` : ""}${metrics ? ` (${train.formatMetrics(metrics)})` : ""}`));
      }
    }
    context.setExitCode(0);
  } catch (error) {
    if (!(error instanceof train.TrainError)) throw error;
    writeLines(process.stderr, `task-app jobs: ${error.message}`);
    context.setExitCode(error.exitCode);
  }
}

export const jobsCommand: CommandModule<object, JobsArgs> = {
  command: "jobs <action> <id>",
  describe: "Show the status or the events of a training job submitted earlier",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("action", { choices: ["status", "events"] as const, demandOption: true, describe: "status: the job's status and model; events: its event log" })
      .positional("id", { type: "string", demandOption: true, describe: "Job id, as `task-app train` printed it" })
      .option("type", { choices: ["rl", "sft"] as const, describe: "Job kind (default: look under rl, then sft)" })
      .option("backend", { type: "string", describe: "Backend base URL (else BACKEND_BASE_URL, else the default backend); /api is appended" })
      .option("env-file", { type: "string", array: true, default: [], describe: "Env file with SYNTH_API_KEY; repeat to layer, later files win" })
      .option("since", { type: "number", default: 0, describe: "events: only events after this sequence number" })
      .option("timeout", { type: "number", default: 30, describe: "Seconds the backend has to answer (retries included) before the lookup gives up" })
      .option("json", { type: "boolean", default: false, describe: "Print JSON (status) or one JSON object per event (events)" })
      .example("$0 jobs status job_123", "is the job still running, and which model did it produce?")
      .example("$0 jobs events job_123 --since 40", "the events after the 40th") as unknown as Argv<JobsArgs>,
  handler: runJobs,
};
