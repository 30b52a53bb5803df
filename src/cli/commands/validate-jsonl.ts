/**
 * `task-app validate-jsonl <file>`: checks an SFT training file (JSON Lines)
 * line by line with constant memory and reports `file:line:col: error: ...`.
 * Exit code 0 when valid, 1 when not, 2 on usage errors or an unreadable file.
 */
import { stat } from "node:fs/promises";
import type { Argv, CommandModule } from "yargs";
import { formatFinding } from "../../config/findings.js";
import type { SftJsonlReport } from "../../config/jsonl.js";
import { contextOf } from "../context.js";

/** Files at least this large get a progress line on an interactive stderr. */
export const PROGRESS_MIN_BYTES = 8 * 1024 * 1024;
const PROGRESS_INTERVAL_MS = 100;

interface ValidateJsonlArgs {
  file?: string;
  "max-errors": number;
  json: boolean;
}

interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A throttled `lines, MB (pct)` progress line for big files on a TTY; undefined when none should be shown. */
export function createProgressReporter(stream: ProgressStream, totalBytes: number, now: () => number = Date.now) {
  if (!stream.isTTY || totalBytes < PROGRESS_MIN_BYTES) return undefined;
  let last = -Infinity;
  let shown = false;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  return {
    update({ lines, bytes }: { lines: number; bytes: number }): void {
      const t = now();
      if (t - last < PROGRESS_INTERVAL_MS) return;
      last = t;
      shown = true;
      const pct = Math.min(100, Math.floor((bytes / totalBytes) * 100));
      stream.write(`\rvalidating: ${lines} lines, ${mb(bytes)}/${mb(totalBytes)} MB (${pct}%)\x1b[K`);
    },
    done(): void {
      if (shown) stream.write("\r\x1b[K");
    },
  };
}

/** Renders a report as `file:line:col: error: path: message` lines, an optional stop note and a summary. */
export function formatJsonlReport(file: string, report: SftJsonlReport, maxErrors: number): string[] {
  const out = report.errors.map((e) =>
    formatFinding({ severity: "error", code: "sft_jsonl", file, line: e.line, column: e.column ?? 1, path: e.path, message: e.message }),
  );
  if (report.truncated) {
    out.push(
      report.errors.length >= maxErrors
        ? `stopped after ${maxErrors} errors; later lines were not checked (raise --max-errors to see more)`
        : "stopped early; later lines were not checked",
    );
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  out.push(`${plural(report.examples, "example")}, ${plural(report.errors.length, "error")}`);
  return out;
}

/** Validates the file, prints the report and sets the exit code. */
async function runValidateJsonl(args: ValidateJsonlArgs): Promise<void> {
  const context = contextOf(args);
  const { file, json } = args;
  const maxErrors = args["max-errors"];
  // yargs has already reported a missing <file> (exit code 2) when this runs without one.
  if (typeof file !== "string") return;
  if (!Number.isInteger(maxErrors) || maxErrors < 1) {
    process.stderr.write("task-app: --max-errors must be a positive integer\nRun `task-app --help` for usage.\n");
    context.setExitCode(2);
    return;
  }
  const { validateSftJsonl } = await import("../../config/jsonl.js");
  let report: SftJsonlReport;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a regular file");
    const progress = createProgressReporter(process.stderr, info.size);
    try {
      report = await validateSftJsonl(file, { maxErrors, onProgress: progress?.update });
    } finally {
      progress?.done();
    }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    process.stderr.write(`task-app: cannot read ${file}: ${reason}\n`);
    context.setExitCode(2);
    return;
  }
  if (json) {
    const { examples, lines, errors, truncated } = report;
    process.stdout.write(`${JSON.stringify({ file, examples, lines, errors, truncated }, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatJsonlReport(file, report, maxErrors).join("\n")}\n`);
  }
  context.setExitCode(report.errors.length > 0 ? 1 : 0);
}

export const validateJsonlCommand: CommandModule<object, ValidateJsonlArgs> = {
  command: "validate-jsonl <file>",
  describe: "Check an SFT training file (JSON Lines): JSON syntax, messages, tool calls and image parts",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("file", { type: "string", describe: "Path of the .jsonl file to check" })
      .option("max-errors", {
        type: "number",
        default: 20,
        describe: "Stop after this many errors",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the report as JSON" }),
  handler: runValidateJsonl,
};
