/**
 * A child process that writes fixture sessions to a trace store:
 * `node --import tsx test/helpers/trace-writer.ts <url> <run-id> <count|forever> [concurrency] [--no-close]`.
 * Prints `committed <session_id>` after each insert resolves, so a parent
 * can kill it mid-stream and know which sessions must be complete.
 * `--no-close` leaves the store open at the end: the process must exit anyway.
 */
import { openTraceStore } from "../../src/traces/store.js";
import { makeSessionTrace } from "./session-trace.js";

const [url, runId, countArg, concurrencyArg, closeArg] = process.argv.slice(2);
if (!url || !runId || !countArg) throw new Error("usage: trace-writer <url> <run-id> <count|forever> [concurrency]");
const count = countArg === "forever" ? Infinity : Number(countArg);
const concurrency = Number(concurrencyArg ?? 4);
const store = await openTraceStore(url);
process.stdout.write("ready\n");
let next = 0;
async function worker(): Promise<void> {
  while (next < count) {
    const index = next++;
    const session = makeSessionTrace(index, { runId, turns: 2 + (index % 4), model: index % 2 ? "model-a" : "model-b" });
    await store.insertSession(session);
    process.stdout.write(`committed ${session.session_id}\n`);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
if (closeArg !== "--no-close") await store.close();
process.stdout.write("done\n");
