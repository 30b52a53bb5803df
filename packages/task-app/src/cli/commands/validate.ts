/**
 * `task-app validate <files...>`: checks RL, SFT, eval and filter TOML configs
 * and prints `path:line:col: error: dotted.key: message` findings.
 * Exit 0 when every file is valid, 1 when any is invalid, 2 on usage errors.
 */
import type { Argv, CommandModule } from "yargs";
import type { ConfigCheck } from "../../config/check.js";
import { renderFinding } from "../../config/findings.js";
import { createStyle } from "../../style.js";
import type { ConfigKind } from "../../schemas/registry.js";
import { contextOf } from "../context.js";

export interface ValidateArgs {
  files: string[];
  kind?: ConfigKind;
  json: boolean;
  "allow-unknown": boolean;
  "allow-unknown-models"?: boolean;
  explain: boolean;
  "max-findings": number | string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The lines `--explain` adds for one file: detected kind and injected settings. */
export function explainCheck(check: ConfigCheck): string[] {
  const name = check.file ?? "<input>";
  const lines = [`${name}: kind ${check.kind ?? "unknown"}${check.kindReason ? ` (${check.kindReason})` : ""}`];
  for (const i of check.injected) lines.push(`${name}: injected ${i.path} = ${JSON.stringify(i.value)} (${i.reason})`);
  if (check.ok && !check.injected.length) lines.push(`${name}: nothing injected`);
  return lines;
}

/** The closing summary: `2 files checked: 1 valid, 1 invalid (3 errors, 1 warning)`. */
export function summarize(checks: readonly ConfigCheck[]): string {
  const findings = checks.flatMap((c) => c.findings);
  const errors = findings.filter((f) => f.severity === "error").length + checks.reduce((n, c) => n + (c.omitted?.errors ?? 0), 0);
  const warnings = findings.length - findings.filter((f) => f.severity === "error").length + checks.reduce((n, c) => n + (c.omitted?.warnings ?? 0), 0);
  const valid = checks.filter((c) => c.ok).length;
  return `${plural(checks.length, "file")} checked: ${valid} valid, ${checks.length - valid} invalid (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
}

/** The options of `validate`, shared by the yargs command and the fast path (`../fast-path.ts`). */
export const validateOptions = {
  kind: { type: "string", choices: ["rl", "sft", "eval", "filter", "deploy"], describe: "Validate as this kind instead of detecting it" },
  json: { type: "boolean", default: false, describe: "Print findings as JSON" },
  "allow-unknown": { type: "boolean", default: false, describe: "Keep unknown keys (passed through into the job payload) instead of reporting them" },
  "allow-unknown-models": {
    type: "boolean",
    default: false,
    describe: "A model outside synth-ai's catalog is a warning instead of an error (for a backend with a larger catalog)",
  },
  explain: { type: "boolean", default: false, describe: "Show the detected kind and the settings filled in from the model" },
  "max-findings": { type: "string", default: "100", describe: "Report at most this many findings per file (the rest are counted in the summary)" },
} as const;

/** The `--max-findings` value as a positive integer, or undefined when it is not one. */
export function parseMaxFindings(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** `file: 199900 more findings not shown (...)` for a check over the cap. */
function omittedLine(check: ConfigCheck, max: number): string[] {
  if (!check.omitted) return [];
  const n = check.omitted.errors + check.omitted.warnings;
  return [`${check.file ?? "<input>"}: ${plural(n, "more finding")} not shown (only the first ${max} are; raise --max-findings to see more)`];
}

/** Validates every file, prints findings and a summary, and sets the exit code. */
export async function runValidate(args: ValidateArgs): Promise<void> {
  const checks: ConfigCheck[] = [];
  const maxFindings = parseMaxFindings(args["max-findings"]);
  if (maxFindings === undefined) {
    process.stderr.write("task-app: --max-findings must be a positive integer\nRun `task-app validate --help` for usage.\n");
    contextOf(args).setExitCode(2);
    return;
  }
  const { checkProjectFile } = await import("../../config/check-file.js");
  const { loadProjectSettings, ProjectSettingsError } = await import("../../config/project-settings.js");
  for (const file of args.files) {
    try {
      loadProjectSettings(file); // a task-app.toml that cannot be used is a usage error before anything is checked
    } catch (error) {
      if (!(error instanceof ProjectSettingsError)) throw error;
      process.stderr.write(`task-app: ${error.message}\n`);
      contextOf(args).setExitCode(2);
      return;
    }
    const options = { kind: args.kind, allowUnknown: args["allow-unknown"], allowUnknownModels: args["allow-unknown-models"] === true, maxFindings };
    // Rubrics are JSON: the extension says which checker reads the file (checkSourceFile, shared with the editor server).
    try {
      checks.push(await checkProjectFile(file, options)); // with the project's task-app.toml [rules]
    } catch (error) {
      // A file the checker cannot handle is that file's error; the other files are still checked.
      const message = `could not be checked: ${error instanceof RangeError ? "too deeply nested or too large to check" : (error as Error)?.message ?? String(error)}`;
      checks.push({ file, ok: false, findings: [{ severity: "error", file, code: "unreadable", path: "", message, line: 1, column: 1 }], injected: [] });
    }
  }
  if (args.json) {
    const out = checks.map(({ file, kind, ok, findings, injected, omitted }) => ({ file, kind, ok, findings, injected, ...(omitted ? { omitted } : {}) }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const style = createStyle(process.stdout);
    const lines = checks.flatMap((c) => [...c.findings.map((f) => renderFinding(f, style)), ...omittedLine(c, maxFindings), ...(args.explain ? explainCheck(c) : [])]);
    lines.push(summarize(checks));
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  contextOf(args).setExitCode(checks.every((c) => c.ok) ? 0 : 1);
}

export const validateCommand: CommandModule<object, ValidateArgs> = {
  command: "validate <files..>",
  describe: "Check RL, SFT, eval and filter TOML configs (and rubric .json files) against the schemas and the trainer's rules",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("files", { type: "string", array: true, demandOption: true, describe: "TOML config files, or rubric .json files" })
      .options(validateOptions)
      .example("$0 validate configs/rl.toml", "check one config")
      .example("$0 validate configs/*.toml --json", "machine-readable findings")
      .example("$0 validate rl.toml --explain", "see what the Qwen3-VL / -Thinking defaults add")
      .example("$0 validate rubrics/*.json", "check rubric files against the rubric schema") as unknown as Argv<ValidateArgs>,
  handler: runValidate,
};
