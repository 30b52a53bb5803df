/**
 * Getting an SFT training file ready to upload: `--examples N` keeps the
 * first N examples in a temporary file (blank lines kept, so line numbers
 * match the original), and the file that will be uploaded is validated with
 * the rules and messages of `task-app validate-jsonl`.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { formatFinding } from "../config/findings.js";
import { splitLines, validateSftJsonl } from "../config/jsonl.js";
import { TrainError } from "./errors.js";

/** A file ready to upload; `dispose` removes it when it is a temporary copy. */
export interface PreparedDataset {
  path: string;
  /** The name the upload carries (the original file's). */
  name: string;
  examples: number;
  dispose(): Promise<void>;
}

/** Copies the lines of `path` up to and including its `count`-th non-blank line into a new temporary file. */
async function copyFirstExamples(path: string, count: number): Promise<{ path: string; dir: string }> {
  const kept: Buffer[] = [];
  let seen = 0;
  for await (const line of splitLines(createReadStream(path))) {
    kept.push(line);
    if (/\S/.test(line.toString("utf8")) && ++seen >= count) break;
  }
  const dir = await mkdtemp(join(tmpdir(), "task-app-train-"));
  const copy = join(dir, basename(path));
  await writeFile(copy, Buffer.concat(kept.map((l) => Buffer.concat([l, Buffer.from("\n")]))), { mode: 0o600 });
  return { path: copy, dir };
}

/**
 * Validates the training file (its first `examples` examples when given) and
 * returns what to upload. Errors are `file:line:col: error: ...` lines of the
 * original file, as `validate-jsonl` prints them.
 */
export async function prepareDataset(path: string, examples?: number): Promise<PreparedDataset> {
  const copy = examples === undefined ? undefined : await copyFirstExamples(path, examples);
  const dispose = async () => {
    if (copy) await rm(copy.dir, { recursive: true, force: true });
  };
  try {
    const report = await validateSftJsonl(copy?.path ?? path);
    if (report.errors.length) {
      const lines = report.errors.map((e) =>
        formatFinding({ severity: "error", code: "sft_jsonl", file: path, line: e.line, column: e.column ?? 1, path: e.path, message: e.message }),
      );
      const more = report.truncated ? "\n(stopped after the first errors; run `task-app validate-jsonl` to see more)" : "";
      throw new TrainError("dataset", `${lines.join("\n")}${more}\n${path}: the training file is not valid; nothing was uploaded`);
    }
    return { path: copy?.path ?? path, name: basename(path), examples: report.examples, dispose };
  } catch (error) {
    await dispose();
    if (error instanceof TrainError) throw error;
    throw new TrainError("dataset", `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
