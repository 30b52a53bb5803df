/**
 * Rendering a training run for a person or a program. Results go to stdout
 * (the payload on --dry-run, the job id, the fine-tuned model id), progress
 * to stderr: plain lines, or on a TTY a single status line updated in place.
 * `json` writes every event as one NDJSON line on stdout instead. Every
 * byte written passes through `redact`, so no key reaches the terminal.
 */
import type { TrainEvent } from "./events.js";
import { formatMetrics } from "./metrics.js";

interface Stream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface TrainPrinterOptions {
  stdout: Stream;
  stderr: Stream;
  json: boolean;
  redact: (text: string) => string;
}

/** The progress line of an event (stderr), or undefined for events shown only on stdout or the live line. */
export function formatTrainEvent(event: TrainEvent): string | undefined {
  switch (event.type) {
    case "step":
      return `${event.step}: ${event.message}`;
    case "warning":
      return event.finding ? event.message : `warning: ${event.message}`;
    case "idempotency_key":
      return `idempotency key: ${event.key}${event.generated ? " (generated; pass --idempotency with it to resubmit without a second job)" : ""}`;
    case "job":
      return `created ${event.kind.toUpperCase()} job ${event.jobId}`;
    case "status":
      return `job ${event.jobId}: ${event.status}`;
    case "event":
      return `[${event.event.seq}] ${event.event.type}${event.event.message ? `: ${event.event.message}` : ""}`;
    case "metrics":
      return `metrics ${formatMetrics(event.metrics)}`;
    case "poll_error":
      return `warning: polling job ${event.jobId} failed, trying again: ${event.message}`;
    case "done":
      return `job ${event.jobId} ${event.status}${event.fineTunedModel ? `: fine-tuned model ${event.fineTunedModel}` : ""}`;
    case "payload":
      return undefined;
  }
}

/** A reporter that prints events, and `fail` for the final error. */
export function createTrainPrinter(options: TrainPrinterOptions) {
  const { stdout, stderr, redact } = options;
  const live = !options.json && stderr.isTTY === true;
  let status = "";
  let metrics = "";
  let liveShown = false;
  const out = (text: string) => stdout.write(redact(text));
  const drawLive = () => {
    stderr.write(redact(`\r\x1b[K${status}${metrics ? ` | ${metrics}` : ""}`));
    liveShown = true;
  };
  const clearLive = () => {
    if (liveShown) stderr.write("\r\x1b[K");
    liveShown = false;
  };
  const line = (text: string) => {
    clearLive();
    stderr.write(redact(`${text}\n`));
    if (live && status) drawLive();
  };

  function report(event: TrainEvent): void {
    if (options.json) {
      out(`${JSON.stringify(event)}\n`);
      return;
    }
    if (event.type === "payload") return void out(`${JSON.stringify(event.payload, null, 2)}\n`);
    if (live && (event.type === "status" || event.type === "metrics")) {
      if (event.type === "status") status = formatTrainEvent(event) ?? "";
      else metrics = formatMetrics(event.metrics);
      return drawLive();
    }
    if (event.type === "done") {
      status = "";
      line(formatTrainEvent(event) ?? "");
      if (event.fineTunedModel) out(`${event.fineTunedModel}\n`);
      return;
    }
    const text = formatTrainEvent(event);
    if (text) line(text);
    if (event.type === "job") out(`${event.jobId}\n`);
  }

  /** Prints the error that ended the run. */
  function fail(error: { message: string; code?: string; jobId?: string }): void {
    clearLive();
    if (options.json) out(`${JSON.stringify({ type: "error", code: error.code ?? "internal", message: error.message, ...(error.jobId ? { jobId: error.jobId } : {}) })}\n`);
    // Findings (file:line:col lines) first, as `validate` prints them, then the summary.
    const lines = error.message.split("\n");
    const summary = lines.pop();
    stderr.write(redact(`${lines.map((l) => `${l}\n`).join("")}task-app train: ${summary}\n`));
  }

  /** Ends the live line. */
  function finish(): void {
    if (liveShown) stderr.write("\n");
    liveShown = false;
  }

  return { report, fail, finish };
}
