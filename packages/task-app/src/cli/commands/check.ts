/**
 * `task-app check <url>`: conformance checks against any running task app.
 * Prints a PASS/FAIL table; exit code 1 when any check fails or the checks
 * stopped early (nothing answering at the URL, or the key rejected).
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { ENV_FILE_OPTION, ENV_PRECEDENCE } from "../env-option.js";

interface CheckArgs {
  url: string;
  "api-key"?: string;
  "env-file": string[];
  json: boolean;
  "rollout-timeout": number;
  wire?: "0.2" | "container";
}

async function runCheck(args: CheckArgs): Promise<void> {
  const context = contextOf(args);
  const { resolveEnvironmentApiKeys } = await import("../../server/auth.js");
  const { checkTaskApp, formatCheckReport } = await import("../../check/index.js");
  const apiKey = args["api-key"] ?? resolveEnvironmentApiKeys()[0];
  if (!apiKey) {
    process.stderr.write("task-app check: no API key: pass --api-key or set ENVIRONMENT_API_KEY (directly or in an --env-file)\n");
    context.setExitCode(2);
    return;
  }
  let url: URL;
  try {
    url = new URL(args.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
  } catch {
    process.stderr.write(`task-app check: ${args.url} is not an http(s) URL\n`);
    context.setExitCode(2);
    return;
  }
  const report = await checkTaskApp({ url: url.href.replace(/\/$/, ""), apiKey, rolloutTimeoutMs: args["rollout-timeout"] * 1000, ...(args.wire ? { wire: args.wire } : {}) });
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheckReport(report, (await import("../../style.js")).createStyle(process.stdout)));
  context.setExitCode(report.ok ? 0 : 1);
}

/** The `check` command. */
export const checkCommand: CommandModule<object, CheckArgs> = {
  command: "check <url>",
  describe: "Check that a running task app (ours or a Python one) follows the task-app contract",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("url", { type: "string", demandOption: true, describe: "Base URL of the task app" })
      .option("api-key", { type: "string", describe: "Environment API key (default: ENVIRONMENT_API_KEY)" })
      .option("env-file", ENV_FILE_OPTION)
      .option("rollout-timeout", { type: "number", default: 120, describe: "Seconds to wait for the test rollout" })
      .option("wire", {
        type: "string",
        choices: ["0.2", "container"] as const,
        describe: "Rollout wire to check: 0.2.x (run_id, ops) or synth-ai's container era (trace_correlation_id). Default: what the app's /info advertises, else 0.2",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the report as JSON" })
      .example("$0 check http://127.0.0.1:8001", "probe a local task app with ENVIRONMENT_API_KEY from ./.env")
      .example("$0 check https://my-env.example.com --env-file .env.prod --wire container", "a deployed app, over synth-ai's container-era wire")
      .example("$0 check http://127.0.0.1:8001 --json", "the report as JSON, for CI")
      .epilog(ENV_PRECEDENCE) as unknown as Argv<CheckArgs>,
  handler: runCheck,
};
