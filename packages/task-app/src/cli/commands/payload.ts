/**
 * `task-app payload rl|sft <config>`: validates a training config, then
 * prints the JSON job body a synth-ai 0.2.13 compatible trainer accepts
 * (CONTRACT.md §12, §13.2). Findings go to stderr as `file:line:col: ...`
 * lines, the payload to stdout. Exit 0 with a payload, 1 when the config is
 * invalid or no payload can be built, 2 on usage errors (an SFT config given
 * to `payload rl`, or the reverse, is one).
 */
import type { Argv, CommandModule } from "yargs";
import { formatFinding } from "../../config/findings.js";
import type { RLConfig } from "../../schemas/rl-config.js";
import type { SFTConfig } from "../../schemas/sft-config.js";
import { contextOf } from "../context.js";

interface PayloadArgs {
  kind: "rl" | "sft";
  config: string;
  "task-url"?: string;
  model?: string;
  backend?: string;
  dataset?: string;
  "allow-unknown": boolean;
  "allow-unknown-models": boolean;
  "inject-model-defaults": boolean;
}

const KIND_NAMES = { rl: "an RL", sft: "an SFT", eval: "an eval", filter: "a filter", deploy: "a deploy", rubric: "a rubric" } as const;
const RL_ONLY = ["task-url", "model"] as const;
const SFT_ONLY = ["dataset"] as const;

/** A usage message when an option is given for the other kind of job, else true. */
export function checkPayloadOptions(args: Partial<PayloadArgs>): true | string {
  const wrong = args.kind === "sft" ? RL_ONLY : args.kind === "rl" ? SFT_ONLY : [];
  const given = wrong.filter((o) => args[o] !== undefined);
  return given.length ? `--${given.join(", --")} ${given.length === 1 ? "applies" : "apply"} only to ${args.kind === "rl" ? "sft" : "rl"} payloads` : true;
}

/** Validates the config, builds the payload and prints it; sets the exit code. */
async function runPayload(args: PayloadArgs): Promise<void> {
  const context = contextOf(args);
  const usage = checkPayloadOptions(args);
  if (usage !== true) {
    process.stderr.write(`task-app: ${usage}\nRun \`task-app payload --help\` for usage.\n`);
    context.setExitCode(2);
    return;
  }
  const { checkProjectFile } = await import("../../config/check-file.js");
  const { ProjectSettingsError } = await import("../../config/project-settings.js");
  // Detect first: an SFT config given to `payload rl` (or the reverse) is named as such, not drowned in missing keys.
  // The project's task-app.toml [rules] apply, as validate applies them.
  const common = { allowUnknown: args["allow-unknown"], allowUnknownModels: args["allow-unknown-models"], normalize: args["inject-model-defaults"] };
  let check;
  try {
    check = await checkProjectFile(args.config, common);
  } catch (error) {
    if (!(error instanceof ProjectSettingsError)) throw error;
    process.stderr.write(`task-app: ${error.message}\n`);
    context.setExitCode(2);
    return;
  }
  if (check.kind && check.kind !== args.kind) {
    const fix = check.kind === "rl" || check.kind === "sft" ? `run \`task-app payload ${check.kind} ${args.config}\`` : "payload builds rl and sft jobs only";
    process.stderr.write(`task-app: ${args.config} is ${KIND_NAMES[check.kind]} config (${check.kindReason}), not ${KIND_NAMES[args.kind]} one: ${fix}\n`);
    context.setExitCode(2);
    return;
  }
  if (!check.kind) check = await checkProjectFile(args.config, { kind: args.kind, ...common });
  if (check.findings.length) process.stderr.write(`${check.findings.map(formatFinding).join("\n")}\n`);
  if (!check.ok) {
    context.setExitCode(1);
    return;
  }
  const { buildRLPayload, buildSFTPayload, PayloadError } = await import("../../payload/index.js");
  let payload: unknown;
  try {
    if (args.kind === "rl") {
      if (args.model?.trim())
        process.stderr.write(`task-app: note: --model sets the job's model (data.model) and clears data.base_model; data.config keeps the file's [model] / [policy] table as written, as synth-ai does\n`);
      payload = buildRLPayload(check.config as RLConfig, { taskUrl: args["task-url"], model: args.model, backend: args.backend }).payload;
    } else {
      const built = buildSFTPayload(check.config as SFTConfig, { dataset: args.dataset, backend: args.backend });
      for (const warning of built.warnings) process.stderr.write(`task-app: warning: ${warning}\n`);
      if (built.backendBaseUrl) process.stderr.write(`task-app: the job goes to ${built.backendBaseUrl}/learning/jobs after uploading ${built.trainFile}\n`);
      payload = built.payload;
    }
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    process.stderr.write(`task-app: cannot build the ${args.kind} payload: ${error.message}\n`);
    context.setExitCode(1);
    return;
  }
  process.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
  context.setExitCode(0);
}

export const payloadCommand: CommandModule<object, PayloadArgs> = {
  command: "payload <kind> <config>",
  describe: "Validate a training config and print the JSON job payload the trainer receives",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("kind", { choices: ["rl", "sft"] as const, demandOption: true, describe: "Job kind" })
      .positional("config", { type: "string", demandOption: true, describe: "TOML config file" })
      .option("task-url", { type: "string", describe: "RL: task app URL; beats TASK_APP_URL and services.task_url" })
      .option("model", { type: "string", describe: "RL: model to start from; sets the job's data.model and clears data.base_model (data.config keeps [model] / [policy] as written, as synth-ai does)" })
      .option("backend", { type: "string", describe: "Backend base URL (else BACKEND_BASE_URL); /api is appended. RL: sent as metadata.backend_base_url" })
      .option("dataset", { type: "string", describe: "SFT: training JSONL; beats job.data and job.data_path (relative to the working directory)" })
      .option("allow-unknown", { type: "boolean", default: false, describe: "Keep unknown keys (passed through into the payload) instead of reporting them" })
      .option("allow-unknown-models", { type: "boolean", default: false, describe: "Accept a model outside synth-ai's catalog (for a backend with a larger catalog)" })
      .option("inject-model-defaults", {
        type: "boolean",
        default: false,
        describe: "RL: add the settings the model implies (supports_vision, max_images_per_message, vision_processor_id, thinking_mode) to data.config; synth-ai's backend derives them itself, so by default the payload is what synth-ai's CLI sends",
      })
      .example("$0 payload rl configs/rl.toml --task-url https://my-app.modal.run", "the RL job body, with the task URL overridden")
      .example("$0 payload sft configs/sft.toml --dataset data/train.jsonl", "the SFT job body for a local dataset") as unknown as Argv<PayloadArgs>,
  handler: runPayload,
};
