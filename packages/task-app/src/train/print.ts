/**
 * Rendering a training run for a person or a program. Results go to stdout
 * (the payload on --dry-run, the job id, the fine-tuned model id), progress
 * to stderr: plain lines, or on a TTY the same lines with a live line below
 * them (the job's status and latest metrics) updated in place.
 * `json` writes every event as one NDJSON line on stdout instead. Every
 * byte written passes through `redact`, so no key reaches the terminal, and
 * text lines have their control characters escaped (statuses, event
 * messages and model ids come from the backend).
 */
import { escapeTerminal } from "../text/terminal.js";
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
  /** One line of text on stdout, escaped. */
  const outLine = (text: string) => out(`${escapeTerminal(text)}\n`);
  const drawLive = () => {
    stderr.write(`\r\x1b[K${escapeTerminal(redact(`${status}${metrics ? ` | ${metrics}` : ""}`))}`);
    liveShown = true;
  };
  const clearLive = () => {
    if (liveShown) stderr.write("\r\x1b[K");
    liveShown = false;
  };
  const line = (text: string) => {
    clearLive();
    stderr.write(`${escapeTerminal(redact(text))}\n`);
    if (live && status) drawLive();
  };

  function report(event: TrainEvent): void {
    if (options.json) {
      out(`${JSON.stringify(event)}\n`);
      return;
    }
    if (event.type === "payload") return void out(`${JSON.stringify(event.payload, null, 2)}\n`);
    if (live && (event.type === "status" || event.type === "metrics")) {
      // Printed above the live line (which a later one would overwrite), then shown on it.
      if (event.type === "status") status = formatTrainEvent(event) ?? "";
      else metrics = formatMetrics(event.metrics);
      return line(formatTrainEvent(event) ?? "");
    }
    if (event.type === "done") {
      status = "";
      line(formatTrainEvent(event) ?? "");
      if (event.fineTunedModel) outLine(event.fineTunedModel);
      return;
    }
    const text = formatTrainEvent(event);
    if (text) line(text);
    if (event.type === "job") outLine(event.jobId);
  }

  /** Prints the error that ended the run. */
  function fail(error: { message: string; code?: string; jobId?: string }): void {
    clearLive();
    if (options.json) out(`${JSON.stringify({ type: "error", code: error.code ?? "internal", message: error.message, ...(error.jobId ? { jobId: error.jobId } : {}) })}\n`);
    // Findings (file:line:col lines) first, as `validate` prints them, then the summary.
    const lines = error.message.split("\n");
    const summary = lines.pop();
    stderr.write(`${[...lines, `task-app train: ${summary}`].map((l) => `${escapeTerminal(redact(l))}\n`).join("")}`);
  }

  /** Ends the live line. */
  function finish(): void {
    if (liveShown) stderr.write("\n");
    liveShown = false;
  }

  return { report, fail, finish };
}
