import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { runCli as runCliProcess } from "./helpers/run-cli.js";
import { PROGRESS_MIN_BYTES, createProgressReporter, formatJsonlReport } from "../src/cli/commands/validate-jsonl.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const F = "test/fixtures/jsonl";
const CONTENT_ERROR = "messages[0].content: content must be null, a string, an array of parts or an object (got number)";

/** Runs `task-app ...args` (./helpers/cli-command.ts: the build when fresh), with stdout and stderr as pipes (not a TTY). */
function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCliProcess(args, ROOT);
}

const outputLines = (stdout: string) => stdout.trimEnd().split("\n");

describe("task-app validate-jsonl", () => {
  test("valid files exit 0 with a summary only", async () => {
    for (const [name, summary] of [["valid-multimodal.jsonl", "4 lines, 4 examples, 0 errors, 0 warnings"], ["tool-calls.jsonl", "3 lines, 3 examples, 0 errors, 0 warnings"], ["reasoning.jsonl", "3 lines, 3 examples, 0 errors, 0 warnings"]]) {
      const run = await runCli("validate-jsonl", `${F}/${name}`);
      assert.deepEqual(run, { code: 0, stdout: `${summary}\n`, stderr: "" }, name);
    }
  });

  test("invalid JSON on line 3 exits 1 with file:line:col", async () => {
    const run = await runCli("validate-jsonl", `${F}/invalid-json-line3.jsonl`);
    assert.equal(run.code, 1);
    assert.deepEqual(outputLines(run.stdout), [
      `${F}/invalid-json-line3.jsonl:3:1: error: invalid JSON (Unexpected token ']')`,
      "4 lines, 3 examples, 1 error, 0 warnings",
    ]);
  });

  test("stops after 20 errors by default and says so", async () => {
    const run = await runCli("validate-jsonl", `${F}/bad-25.jsonl`);
    const lines = outputLines(run.stdout);
    assert.equal(run.code, 1);
    assert.equal(lines.length, 22);
    assert.equal(lines[0], `${F}/bad-25.jsonl:1:1: error: ${CONTENT_ERROR}`);
    assert.equal(lines[19], `${F}/bad-25.jsonl:20:1: error: ${CONTENT_ERROR}`);
    assert.deepEqual(lines.slice(20), [
      "stopped after 20 errors; later lines were not checked (raise --max-errors to see more)",
      "20 lines, 0 examples, 20 errors, 0 warnings",
    ]);
    const more = await runCli("validate-jsonl", `${F}/bad-25.jsonl`, "--max-errors", "30");
    assert.equal(outputLines(more.stdout).at(-1), "25 lines, 0 examples, 25 errors, 0 warnings");
  });

  test("empty, blank-only and CRLF files", async () => {
    const empty = await runCli("validate-jsonl", `${F}/empty.jsonl`);
    assert.deepEqual([empty.code, empty.stdout], [1, `${F}/empty.jsonl:1:1: error: File contains no SFT examples\n0 lines, 0 examples, 1 error, 0 warnings\n`]);
    const blank = await runCli("validate-jsonl", `${F}/blank-lines.jsonl`);
    assert.deepEqual([blank.code, outputLines(blank.stdout)[0]], [1, `${F}/blank-lines.jsonl:1:1: error: File contains no SFT examples`]);
    const crlf = await runCli("validate-jsonl", `${F}/crlf.jsonl`);
    assert.deepEqual([crlf.code, outputLines(crlf.stdout)], [1, [`${F}/crlf.jsonl:4:1: error: ${CONTENT_ERROR}`, "4 lines, 2 examples, 1 error, 0 warnings"]]);
  });

  test("--json prints the report", async () => {
    const run = await runCli("validate-jsonl", `${F}/crlf.jsonl`, "--json");
    assert.equal(run.code, 1);
    assert.deepEqual(JSON.parse(run.stdout), {
      file: `${F}/crlf.jsonl`,
      examples: 2,
      lines: 4,
      errors: [{ line: 4, path: "messages[0].content", message: CONTENT_ERROR.slice("messages[0].content: ".length) }],
      warnings: [],
      truncated: false,
    });
  });

  test("usage errors exit 2; unreadable files are invalid input (exit 1), as in validate", async () => {
    const none = await runCli("validate-jsonl");
    assert.equal(none.code, 2);
    assert.match(none.stderr, /missing <file>: the command is `task-app validate-jsonl <file>`/);
    const zero = await runCli("validate-jsonl", `${F}/tool-calls.jsonl`, "--max-errors", "0");
    assert.deepEqual([zero.code, zero.stdout, zero.stderr.split("\n")[0]], [2, "", "task-app: --max-errors must be a positive integer"]);
    const long = await runCli("validate-jsonl", `${F}/tool-calls.jsonl`, "--max-line-bytes", "-1");
    assert.deepEqual([long.code, long.stdout, long.stderr.split("\n")[0]], [2, "", "task-app: --max-line-bytes must be a positive integer"]);
    const missing = await runCli("validate-jsonl", `${F}/missing.jsonl`);
    assert.deepEqual(missing, { code: 1, stdout: `${F}/missing.jsonl:1:1: error: file not found\n0 lines, 0 examples, 1 error, 0 warnings\n`, stderr: "" });
    const dir = await runCli("validate-jsonl", F);
    assert.deepEqual([dir.code, outputLines(dir.stdout)[0]], [1, `${F}:1:1: error: path is a directory; expected a JSON Lines file`]);
    const fifoDir = await mkdtemp(join(tmpdir(), "validate-jsonl-fifo-"));
    execFileSync("mkfifo", [join(fifoDir, "pipe.jsonl")]);
    const fifo = await runCli("validate-jsonl", join(fifoDir, "pipe.jsonl"));
    await rm(fifoDir, { recursive: true, force: true });
    assert.deepEqual([fifo.code, outputLines(fifo.stdout)[0]], [1, `${join(fifoDir, "pipe.jsonl")}:1:1: error: path is a FIFO (named pipe), not a regular file; expected a JSON Lines file`]);
  });

  describe("progress", () => {
    let dir = "";
    after(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

    test("never printed when stderr is not a TTY, even for a large file", async () => {
      dir = await mkdtemp(join(tmpdir(), "validate-jsonl-"));
      const file = join(dir, "large.jsonl");
      const row = `${JSON.stringify({ messages: [{ role: "user", content: "x".repeat(1000) }, { role: "assistant", content: "y" }] })}\n`;
      const count = Math.ceil((PROGRESS_MIN_BYTES * 1.5) / row.length);
      await writeFile(file, row.repeat(count));
      const run = await runCli("validate-jsonl", file);
      assert.deepEqual(run, { code: 0, stdout: `${count} lines, ${count} examples, 0 errors, 0 warnings\n`, stderr: "" });
    });

    test("on a TTY: only for large files, throttled, cleared at the end", () => {
      const writes: string[] = [];
      const tty = { isTTY: true, write: (s: string) => writes.push(s) };
      assert.equal(createProgressReporter({ isTTY: false, write: tty.write }, 1e9), undefined);
      assert.equal(createProgressReporter(tty, PROGRESS_MIN_BYTES - 1), undefined);
      let clock = 1000;
      const progress = createProgressReporter(tty, 200e6, () => clock);
      assert.ok(progress);
      progress.update({ lines: 10, bytes: 50e6 });
      clock += 50;
      progress.update({ lines: 20, bytes: 60e6 });
      clock += 100;
      progress.update({ lines: 30, bytes: 200e6 });
      progress.done();
      assert.deepEqual(writes, [
        "\rvalidating: 10 lines, 50.0/200.0 MB (25%)\x1b[K",
        "\rvalidating: 30 lines, 200.0/200.0 MB (100%)\x1b[K",
        "\r\x1b[K",
      ]);
    });
  });

  test("report formatting: unknown columns print as 1, stop notes", () => {
    const report = { examples: 1, lines: 3, truncated: true, warnings: [], omittedWarnings: 0, errors: [
      { line: 1, path: "messages", message: "messages must contain at least 1 message" },
      { line: 2, column: 7, path: "", message: "file looks binary (NUL byte), not JSON Lines text" },
    ] };
    assert.deepEqual(formatJsonlReport("d.jsonl", report, 20), [
      "d.jsonl:1:1: error: messages: messages must contain at least 1 message",
      "d.jsonl:2:7: error: file looks binary (NUL byte), not JSON Lines text",
      "stopped early; later lines were not checked",
      "3 lines, 1 example, 2 errors, 0 warnings",
    ]);
  });
});
