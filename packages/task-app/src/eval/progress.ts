/**
 * How an eval reports as it goes: a live progress line on a terminal (done /
 * running / failed, rollouts/s, ETA, running mean return), plain lines when
 * output is a pipe or a CI log, NDJSON events with `--json`.
 */
import type { Writable } from "node:stream";
import { escapeTerminal } from "../text/terminal.js";
import { createLineBatcher } from "./batched.js";
import type { EvalResult } from "./results.js";
import type { EvalSummary } from "./summary.js";

export type EvalEvent =
  | { event: "start"; total: number; skipped: number; replicas: string[]; run_dir: string; wire?: string }
  | { event: "rollout"; result: EvalResult }
  | { event: "replica_removed"; replica: string; reason?: string | undefined }
  | { event: "note"; message: string }
  | { event: "summary"; summary: EvalSummary };

export interface EvalCounters {
  total: number;
  done: number;
  running: number;
  failed: number;
  returnSum: number;
  returnCount: number;
  startedAt: number;
}

export interface EvalReporter {
  emit(event: EvalEvent, counters: EvalCounters): void;
  /** Writes what the reporter holds back (runEval calls it when the run ends). */
  flush?(): void;
  /** Stops the live line; what follows prints on clean lines. */
  close(): void;
}

const fmt = (x: number | null) => (x === null ? "-" : x.toFixed(3));

function statusLine(c: EvalCounters): string {
  const seconds = (Date.now() - c.startedAt) / 1000;
  const rate = seconds > 0 ? c.done / seconds : 0;
  const eta = rate > 0 ? Math.ceil((c.total - c.done) / rate) : null;
  const meanReturn = c.returnCount ? c.returnSum / c.returnCount : null;
  return `${c.done}/${c.total} done · ${c.running} running · ${c.failed} failed · ${rate.toFixed(1)} rollouts/s · ETA ${eta === null ? "-" : `${eta}s`} · mean return ${fmt(meanReturn)}`;
}

function resultLine(r: EvalResult): string {
  const what = r.status === "ok" ? `ok return=${fmt(r.return)} outcome=${fmt(r.outcome_score)} events=${fmt(r.events_score)}` : `FAILED ${r.cause}${r.error ? `: ${escapeTerminal(r.error)}` : ""}`;
  return `seed ${r.seed} #${r.rollout} ${what} (${(r.duration_ms / 1000).toFixed(1)}s)`;
}

function removedLine(event: { replica: string; reason?: string | undefined }): string {
  return escapeTerminal(`replica ${event.replica} failed its health check: taken out of the run${event.reason ? ` (${event.reason})` : ""}`);
}

/** Picks the reporter for where output goes: NDJSON with `json`, a live line on a TTY, else plain lines. */
export function createEvalReporter(options: { json: boolean; out: Writable; err: Writable; tty: boolean }): EvalReporter {
  const { out, err } = options;
  if (options.json)
    return {
      emit: (event) => out.write(`${JSON.stringify(event)}\n`),
      close: () => {},
    };
  if (!options.tty) {
    // One write per tenth of a second at most: a line per rollout, written in batches when rollouts come fast.
    const lines = createLineBatcher((text) => out.write(text));
    return {
      emit(event, c) {
        if (event.event === "start") lines.push(`eval: ${event.total} rollouts${event.skipped ? ` (${event.skipped} already done)` : ""} on ${event.replicas.join(", ")}${event.wire ? ` (rollout wire ${event.wire})` : ""}\n`);
        else if (event.event === "rollout") lines.push(`[${c.done}/${c.total}] ${resultLine(event.result)}\n`);
        else if (event.event === "replica_removed") lines.push(`${removedLine(event)}\n`);
        else if (event.event === "note") lines.push(`${escapeTerminal(event.message)}\n`);
      },
      flush: () => lines.flush(),
      close: () => lines.flush(),
    };
  }
  let last: EvalCounters | undefined;
  let shown = false;
  const draw = () => {
    if (!last) return;
    err.write(`\r\x1b[2K${statusLine(last)}`);
    shown = true;
  };
  const timer = setInterval(draw, 200);
  timer.unref();
  const above = (line: string) => {
    if (shown) err.write("\r\x1b[2K");
    err.write(`${line}\n`);
    draw();
  };
  return {
    emit(event, c) {
      last = { ...c };
      if (event.event === "start") above(`eval: ${event.total} rollouts${event.skipped ? ` (${event.skipped} already done)` : ""} on ${event.replicas.join(", ")}${event.wire ? ` (rollout wire ${event.wire})` : ""}`);
      else if (event.event === "rollout" && event.result.status !== "ok") above(resultLine(event.result));
      else if (event.event === "replica_removed") above(removedLine(event));
      else if (event.event === "note") above(escapeTerminal(event.message));
    },
    close() {
      clearInterval(timer);
      if (shown) err.write(`\r\x1b[2K${last ? statusLine(last) : ""}\n`);
      shown = false;
    },
  };
}
