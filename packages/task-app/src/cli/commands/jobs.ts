/**
 * `task-app jobs list`, `jobs status <id>`, `jobs events <id>` and
 * `jobs cancel <id>`: the jobs on the backend, and one submitted earlier (by
 * `train --no-poll`, or one `train` stopped following). Exit 0 when done, 1
 * when the backend fails or has no such job, 2 on usage errors and a missing
 * SYNTH_API_KEY.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { ENV_FILE_OPTION, ENV_PRECEDENCE } from "../env-option.js";

interface JobsArgs {
  action: "list" | "status" | "events" | "cancel";
  id?: string;
  limit: number;
  status?: string;
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
  if (args.action !== "list" && !args.id) {
    process.stderr.write(`task-app jobs: ${args.action} needs a job id: task-app jobs ${args.action} <id> (task-app jobs list shows them)\n`);
    context.setExitCode(2);
    return;
  }
  if (args.action === "list" && args.id) {
    process.stderr.write(`task-app jobs: list takes no job id (filter with --type and --status)\n`);
    context.setExitCode(2);
    return;
  }
  if (!(Number.isInteger(args.limit) && args.limit > 0)) {
    process.stderr.write(`task-app jobs: --limit must be a positive integer\n`);
    context.setExitCode(2);
    return;
  }
  if (!(Number.isFinite(args.timeout) && args.timeout > 0)) {
    process.stderr.write("task-app jobs: --timeout must be a positive number of seconds\nRun `task-app jobs --help` for usage.\n");
    context.setExitCode(2);
    return;
  }
  const id = args.id ?? "";
  try {
    const ms = args.timeout * 1000;
    const client = train.openBackend({ backend: args.backend, envFiles: args["env-file"], client: { timeoutMs: ms, deadlineMs: ms } });
    if (args.action === "list") {
      const jobs = await train.lookupJobs(client, args.type, { limit: args.limit, ...(args.status ? { status: args.status } : {}) });
      if (args.json) for (const job of jobs) write(process.stdout, `${JSON.stringify(job)}\n`);
      else if (!jobs.length) writeLines(process.stdout, `no ${args.type ? `${args.type.toUpperCase()} ` : ""}jobs${args.status ? ` with status ${args.status}` : ""}`);
      else {
        const rows = jobs.map((j) => [j.id, j.kind.toUpperCase(), j.status, j.model ?? "-", j.createdAt ?? "-"].map(escapeTerminal));
        const header = ["JOB", "KIND", "STATUS", "MODEL", "CREATED"];
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        for (const row of [header, ...rows]) write(process.stdout, `${row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")}\n`);
      }
    } else if (args.action === "cancel") {
      const { kind, value } = await train.lookupCancelJob(client, id, args.type);
      if (args.json) write(process.stdout, `${JSON.stringify({ kind, ...value.body })}\n`);
      else writeLines(process.stdout, `${kind.toUpperCase()} job ${id}: cancel requested (status ${value.status}); follow it with \`task-app jobs status ${id}\``);
    } else if (args.action === "status") {
      const { kind, value } = await train.lookupJobStatus(client, id, args.type);
      const model = train.readFineTunedModel(value.body);
      if (args.json) write(process.stdout, `${JSON.stringify({ kind, ...value.body }, null, 2)}\n`);
      else {
        writeLines(process.stdout, `${kind.toUpperCase()} job ${id}: ${value.status}`);
        if (model) writeLines(process.stdout, `fine-tuned model: ${model}`);
      }
    } else {
      const { value } = await train.lookupJobEvents(client, id, args.type, args.since);
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
  command: "jobs <action> [id]",
  describe: "List jobs on the backend; show the status or events of one, or cancel it",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("action", {
        choices: ["list", "status", "events", "cancel"] as const,
        demandOption: true,
        describe: "list: recent jobs; status: a job's status and model; events: its event log; cancel: ask the backend to stop it",
      })
      .positional("id", { type: "string", describe: "Job id, as `task-app train` or `jobs list` printed it (not for list)" })
      .option("type", { choices: ["rl", "sft"] as const, describe: "Job kind (default: look under rl, then sft)" })
      .option("backend", { type: "string", describe: "Backend base URL (else BACKEND_BASE_URL, else the default backend); /api is appended" })
      .option("env-file", ENV_FILE_OPTION)
      .option("limit", { type: "number", default: 20, describe: "list: at most this many jobs of each kind" })
      .option("status", { type: "string", describe: "list: only jobs with this status (running, succeeded, ...)" })
      .option("since", { type: "number", default: 0, describe: "events: only events after this sequence number" })
      .option("timeout", { type: "number", default: 30, describe: "Seconds the backend has to answer (retries included) before the lookup gives up" })
      .option("json", { type: "boolean", default: false, describe: "Print JSON (status) or one JSON object per event (events)" })
      .epilog(ENV_PRECEDENCE)
      .example("$0 jobs list --type rl --status running", "the RL jobs running now")
      .example("$0 jobs cancel job_123", "stop a job")
      .example("$0 jobs status job_123", "is the job still running, and which model did it produce?")
      .example("$0 jobs events job_123 --since 40", "the events after the 40th") as unknown as Argv<JobsArgs>,
  handler: runJobs,
};
