/**
 * What the app an eval serves itself (`--app`) said about its failures: the
 * server logs each failed rollout under the error id its answer carries
 * (already redacted), and this keeps those entries, bounded, so the eval can
 * show the cause beside each `rollout_failed (error_id …)` instead of a
 * silent id.
 */
import { Writable } from "node:stream";

/** One failure as the app logged it. */
export interface AppError {
  errorId: string;
  /** What went wrong: the error's name and message, and the causes the server found. */
  said: string;
}

/** Entries kept; the ones past it are counted. */
const KEEP = 20;

/** A log destination (pino writes JSON lines to it) that keeps the entries with an error id. */
export function createAppErrorLog(): { destination: Writable; errors(): { kept: AppError[]; more: number } } {
  const kept = new Map<string, AppError>();
  let more = 0;
  let pending = "";
  const take = (line: string) => {
    let entry: { error_id?: unknown; err?: { name?: unknown; message?: unknown }; cause?: unknown; msg?: unknown; code?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (typeof entry?.error_id !== "string" || kept.has(entry.error_id)) return;
    if (kept.size >= KEEP) {
      more++;
      return;
    }
    const err = entry.err && typeof entry.err === "object" ? `${String(entry.err.name ?? "Error")}: ${String(entry.err.message ?? "")}` : String(entry.msg ?? entry.code ?? "");
    const cause = typeof entry.cause === "string" && !err.includes(entry.cause) ? ` (cause: ${entry.cause})` : "";
    kept.set(entry.error_id, { errorId: entry.error_id, said: `${err}${cause}`.slice(0, 600) });
  };
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString("utf8");
      for (let at = pending.indexOf("\n"); at >= 0; at = pending.indexOf("\n")) {
        take(pending.slice(0, at));
        pending = pending.slice(at + 1);
      }
      if (pending.length > 1 << 20) pending = "";
      done();
    },
  });
  return { destination, errors: () => ({ kept: [...kept.values()], more }) };
}

/** The lines eval prints under its summary: the app's own words for the failures it logged. */
export function formatAppErrors(errors: { kept: AppError[]; more: number }, shown = 5): string[] {
  if (errors.kept.length === 0) return [];
  const lines = ["what the app logged for the failed rollouts:"];
  for (const e of errors.kept.slice(0, shown)) lines.push(`  error_id ${e.errorId}: ${e.said}`);
  const rest = errors.kept.length - Math.min(shown, errors.kept.length) + errors.more;
  if (rest > 0) lines.push(`  (and ${rest} more)`);
  return lines;
}
