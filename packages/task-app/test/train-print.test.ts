/**
 * How a training run is shown: plain lines when stderr is not a terminal, a
 * single status line updated in place on a TTY, NDJSON with --json; results
 * on stdout; every write redacted.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { redactSecrets } from "../src/server/secrets.js";
import { createTrainPrinter, type TrainEvent } from "../src/train/index.js";

function capture(isTTY: boolean) {
  const stream = { isTTY, text: "", write(t: string) { this.text += t; } };
  return stream;
}

const KEY = "sk_print_key_0123456789";
const RUN: TrainEvent[] = [
  { type: "step", step: "submit", message: "creating the RL job" },
  { type: "job", kind: "rl", jobId: "job-7" },
  { type: "status", jobId: "job-7", status: "queued" },
  { type: "event", jobId: "job-7", event: { seq: 1, type: "note", message: `key ${KEY}`, data: {} } },
  { type: "status", jobId: "job-7", status: "running" },
  { type: "metrics", jobId: "job-7", metrics: { step: 1, values: { mean_return: 0.5 } } },
  { type: "metrics", jobId: "job-7", metrics: { step: 2, values: { mean_return: 0.625 } } },
  { type: "done", jobId: "job-7", status: "succeeded", succeeded: true, fineTunedModel: "ft:m:job-7" },
];

function play(isTTY: boolean, json = false) {
  const stdout = capture(false);
  const stderr = capture(isTTY);
  const printer = createTrainPrinter({ stdout, stderr, json, redact: (t) => redactSecrets(t, [KEY]) });
  for (const event of RUN) printer.report(event);
  printer.finish();
  return { stdout: stdout.text, stderr: stderr.text };
}

describe("train output", () => {
  test("not a terminal: one plain line per step, status, event and metric; ids on stdout", () => {
    const { stdout, stderr } = play(false);
    assert.equal(stdout, "job-7\nft:m:job-7\n");
    assert.equal(
      stderr,
      [
        "submit: creating the RL job",
        "created RL job job-7",
        "job job-7: queued",
        "[1] note: key [redacted]",
        "job job-7: running",
        "metrics step 1: mean_return=0.5",
        "metrics step 2: mean_return=0.625",
        "job job-7 succeeded: fine-tuned model ft:m:job-7",
        "",
      ].join("\n"),
    );
  });

  test("a terminal: every status change and metric stays printed above the live line, which shows the latest", () => {
    const { stderr } = play(true);
    // What stays on screen: each "\r\x1b[K" clears the line being drawn; a newline keeps it.
    const kept = stderr.split("\n").map((l) => l.split("\r\x1b[K").at(-1)!);
    assert.deepEqual(kept, [
      "submit: creating the RL job",
      "created RL job job-7",
      "job job-7: queued",
      "[1] note: key [redacted]",
      "job job-7: running",
      "metrics step 1: mean_return=0.5",
      "metrics step 2: mean_return=0.625",
      "job job-7 succeeded: fine-tuned model ft:m:job-7",
      "",
    ]);
    assert.ok(stderr.includes("\r\x1b[Kjob job-7: running | step 2: mean_return=0.625"), "the live line shows the latest status and metrics");
    assert.ok(stderr.includes("\r\x1b[K[1] note: key [redacted]\n\r\x1b[Kjob job-7: queued"), "an event line is printed, then the live line is drawn again");
    assert.ok(!stderr.includes(KEY.slice(0, 6)));
  });

  test("control characters from the backend are escaped on a terminal and off it", () => {
    for (const tty of [true, false]) {
      const stdout = capture(false);
      const stderr = capture(tty);
      const printer = createTrainPrinter({ stdout, stderr, json: false, redact: (t) => t });
      printer.report({ type: "status", jobId: "job-1", status: "running\x1b]0;pwned\x07" });
      printer.report({ type: "event", jobId: "job-1", event: { seq: 1, type: "note", message: "\x1b[2Jcleared\rjob job-1 succeeded\nfake", data: {} } });
      printer.report({ type: "done", jobId: "job-1", status: "succeeded", succeeded: true, fineTunedModel: "ft:\x1b[31mred" });
      printer.finish();
      const shown = stderr.text.replaceAll("\r\x1b[K", "");
      assert.ok(!/[\x00-\x09\x0b-\x1f]/.test(shown), JSON.stringify(shown));
      assert.match(shown, /\[1\] note: \\x1b\[2Jcleared\\rjob job-1 succeeded\\nfake\n/);
      assert.equal(stdout.text, "ft:\\x1b[31mred\n");
    }
  });

  test("--json: one JSON object per event on stdout, nothing on stderr", () => {
    const { stdout, stderr } = play(true, true);
    assert.equal(stderr, "");
    const lines = stdout.trim().split("\n").map((l) => JSON.parse(l) as TrainEvent);
    assert.deepEqual(lines.map((e) => e.type), RUN.map((e) => e.type));
    assert.equal((lines[3] as Extract<TrainEvent, { type: "event" }>).event.message, "key [redacted]");
  });
});
