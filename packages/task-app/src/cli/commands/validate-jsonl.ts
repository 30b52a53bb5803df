/**
 * `task-app validate-jsonl <file>`: checks an SFT training file (JSON Lines)
 * line by line with bounded memory and reports `file:line:col: error: ...`.
 * Exit codes as `task-app validate`: 0 valid (warnings allowed), 1 invalid or
 * unreadable, 2 usage errors.
 */
import { stat } from "node:fs/promises";
import type { Argv, CommandModule } from "yargs";
import { formatFinding, type Finding } from "../../config/findings.js";
import type { SftJsonlError, SftJsonlReport } from "../../config/jsonl.js";
import { contextOf } from "../context.js";

/** Files at least this large get a progress line on an interactive stderr. */
export const PROGRESS_MIN_BYTES = 8 * 1024 * 1024;
const PROGRESS_INTERVAL_MS = 100;

interface ValidateJsonlArgs {
  file?: string;
  "max-errors": number;
  "max-line-bytes": number;
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Renders a report as `file:line:col: error: path: message` lines (warnings too, in line order), an optional stop note and a summary. */
export function formatJsonlReport(file: string, report: SftJsonlReport, maxErrors: number): string[] {
  const finding = (severity: Finding["severity"]) => (e: SftJsonlError): Finding => ({ severity, code: "sft_jsonl", file, line: e.line, column: e.column ?? 1, path: e.path, message: e.message });
  const findings = [...report.errors.map(finding("error")), ...(report.warnings ?? []).map(finding("warning"))];
  const out = findings.sort((a, b) => a.line - b.line || a.column - b.column).map(formatFinding);
  if (report.truncated) {
    out.push(
      report.errors.length >= maxErrors
        ? `stopped after ${maxErrors} errors; later lines were not checked (raise --max-errors to see more)`
        : "stopped early; later lines were not checked",
    );
  }
  out.push(summarizeJsonl(report));
  return out;
}

/** `4 lines, 3 examples, 1 error, 0 warnings`. */
export function summarizeJsonl(report: SftJsonlReport): string {
  const warnings = (report.warnings?.length ?? 0) + (report.omittedWarnings ?? 0);
  return `${plural(report.lines, "line")}, ${plural(report.examples, "example")}, ${plural(report.errors.length, "error")}, ${plural(warnings, "warning")}`;
}

/** Validates the file, prints the report and sets the exit code. */
async function runValidateJsonl(args: ValidateJsonlArgs): Promise<void> {
  const context = contextOf(args);
  const { file, json } = args;
  const maxErrors = args["max-errors"];
  // yargs has already reported a missing <file> (exit code 2) when this runs without one.
  if (typeof file !== "string") return;
  const maxLineBytes = args["max-line-bytes"];
  for (const [name, value] of [["--max-errors", maxErrors], ["--max-line-bytes", maxLineBytes]] as const) {
    if (Number.isInteger(value) && value >= 1) continue;
    process.stderr.write(`task-app: ${name} must be a positive integer\nRun \`task-app validate-jsonl --help\` for usage.\n`);
    context.setExitCode(2);
    return;
  }
  const { validateSftJsonl } = await import("../../config/jsonl.js");
  let report: SftJsonlReport;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new Error("path is a directory; expected a JSON Lines file");
    if (!info.isFile()) {
      const { describeFileType } = await import("../../config/read.js");
      throw new Error(`path is ${describeFileType(info)}, not a regular file; expected a JSON Lines file`);
    }
    const progress = createProgressReporter(process.stderr, info.size);
    try {
      report = await validateSftJsonl(file, { maxErrors, maxLineBytes, onProgress: progress?.update });
    } finally {
      progress?.done();
    }
  } catch (error) {
    // Like `task-app validate`: a file that cannot be read is an invalid input (exit 1), not a usage error.
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === "ENOENT" || code === "ENOTDIR" ? "file not found" : code ? `file cannot be read (${code})` : (error as Error).message;
    report = { examples: 0, lines: 0, errors: [{ line: 1, column: 1, path: "", message }], warnings: [], omittedWarnings: 0, truncated: true };
    if (!json) {
      const finding = formatFinding({ severity: "error", code: "sft_jsonl", file, line: 1, column: 1, path: "", message });
      process.stdout.write(`${finding}\n${summarizeJsonl(report)}\n`);
      context.setExitCode(1);
      return;
    }
  }
  if (json) {
    const { examples, lines, errors, warnings, omittedWarnings, truncated } = report;
    process.stdout.write(`${JSON.stringify({ file, examples, lines, errors, warnings, ...(omittedWarnings ? { omittedWarnings } : {}), truncated }, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatJsonlReport(file, report, maxErrors).join("\n")}\n`);
  }
  context.setExitCode(report.errors.length > 0 ? 1 : 0);
}

export const validateJsonlCommand: CommandModule<object, ValidateJsonlArgs> = {
  command: "validate-jsonl <file>",
  describe: "Check an SFT training file (JSON Lines): JSON syntax, messages, roles, tool calls, image parts and data URLs",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("file", { type: "string", describe: "Path of the .jsonl file to check" })
      .option("max-errors", {
        type: "number",
        default: 20,
        describe: "Stop after this many errors",
      })
      .option("max-line-bytes", {
        type: "number",
        default: 16 * 1024 * 1024,
        describe: "Longest line checked, in bytes; a longer line is an error and is skipped unread, so memory stays bounded",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the report as JSON" }),
  handler: runValidateJsonl,
};
