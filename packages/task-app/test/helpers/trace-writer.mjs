/**
 * A child process that writes fixture sessions to a trace store:
 * `node test/helpers/trace-writer.mjs <store-module> <url> <run-id> <count|forever> [concurrency] [--no-close]`,
 * started as ./trace-writer-argv.ts composes it (`<store-module>` is the trace
 * store's module: the build's when it is fresh, else the sources' with tsx
 * registered). Plain JavaScript, so with the build neither this process nor
 * the store's writer thread loads tsx. Prints `committed <session_id>` after
 * each insert resolves, so a parent can kill it mid-stream and know which
 * sessions must be complete. `--no-close` leaves the store open at the end:
 * the process must exit anyway.
 */
import { makeSessionTrace } from "./session-trace-data.mjs";

const [storeModule, url, runId, countArg, concurrencyArg, closeArg] = process.argv.slice(2);
if (!storeModule || !url || !runId || !countArg) throw new Error("usage: trace-writer <store-module> <url> <run-id> <count|forever> [concurrency]");
const { openTraceStore } = await import(storeModule);
const count = countArg === "forever" ? Infinity : Number(countArg);
const concurrency = Number(concurrencyArg ?? 4);
const store = await openTraceStore(url);
process.stdout.write("ready\n");
let next = 0;
async function worker() {
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
