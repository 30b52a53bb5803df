/**
 * `npm run bench:lsp`: how soon `task-app lsp` publishes diagnostics after an
 * edit of a 300-line RL config, over real stdio (the built CLI, Content-Length
 * framing), as an editor sees it: from writing the didChange to reading the
 * publishDiagnostics of that version. Measured with the server's default
 * debounce and with none (the cost of the check itself). Target: median
 * within 50 ms with the default debounce.
 * Options: --edits N (per mode, default 41). Needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseBenchArgs, reportGoal } from "./measure.mjs";

const TARGET_MS = 50;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseBenchArgs({ options: { edits: { type: "string", default: "41" } } });
const edits = Math.max(11, Number(opts.edits) || 41);

/** A realistic 300-line config: the model-era fixture, commented, with a long [tags] table. */
function config300() {
  const base = readFileSync(join(root, "test/fixtures/valid/rl-model-era.toml"), "utf8");
  const lines = base.split("\n");
  let n = 0;
  while (lines.length < 260) lines.splice(lines.length - 1, 0, `# note ${n++}: tuning history kept beside the settings`);
  const tags = [];
  for (let i = 0; lines.length + tags.length < 300; i++) tags.push(`run_${i} = "crafter-${i}"`);
  return `${lines.join("\n").replace(/\[tags\]\n/, `[tags]\n${tags.join("\n")}\n`)}`;
}

class Client {
  constructor(initializationOptions) {
    this.child = spawn(process.execPath, [join(root, "bin/task-app.js"), "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    this.buffer = Buffer.alloc(0);
    this.waiters = new Map();
    this.nextId = 1;
    this.child.stdout.on("data", (chunk) => this.onData(chunk));
    this.ready = this.request("initialize", { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, initializationOptions }).then(() => this.notify("initialized", {}));
  }
  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }));
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }
  notify(method, params) {
    this.send({ method, params });
  }
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiters.set(`id:${id}`, resolve);
      this.send({ id, method, params });
    });
  }
  /** Resolves with the time the diagnostics of `version` arrive. */
  published(uri, version) {
    return new Promise((resolve) => this.waiters.set(`diag:${uri}:${version}`, resolve));
  }
  onData(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString())[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString());
      this.buffer = this.buffer.subarray(end + 4 + length);
      const key = message.method === "textDocument/publishDiagnostics" ? `diag:${message.params.uri}:${message.params.version}` : `id:${message.id}`;
      const waiter = this.waiters.get(key);
      if (waiter) {
        this.waiters.delete(key);
        waiter({ at: performance.now(), message });
      }
    }
  }
  async close() {
    await this.request("shutdown", null);
    this.notify("exit", null);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function measure(label, initializationOptions) {
  const client = new Client(initializationOptions);
  await client.ready;
  const text = config300();
  const uri = pathToFileURL(join(root, "bench-rl.toml")).href;
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "toml", version: 1, text } });
  await client.published(uri, 1);
  const times = [];
  let findings = 0;
  for (let v = 2; v < edits + 2; v++) {
    // Alternate a valid edit and one that makes a finding, as typing does.
    const next = text.replace("batch_size = 16", v % 2 ? `batch_size = ${v}` : `batchsize = ${v}`);
    const arrived = client.published(uri, v);
    const sent = performance.now();
    client.notify("textDocument/didChange", { textDocument: { uri, version: v }, contentChanges: [{ text: next }] });
    const { at, message } = await arrived;
    times.push(at - sent);
    findings += message.params.diagnostics.length;
    // About the pace of typing: a keystroke every 60 ms.
    await new Promise((r) => setTimeout(r, 60));
  }
  await client.close();
  console.log(`${label.padEnd(28)} median ${median(times).toFixed(1)} ms  p90 ${pct(times, 0.9).toFixed(1)} ms  min ${Math.min(...times).toFixed(1)} ms  (${edits} edits, ${findings} diagnostics)`);
  return median(times);
}

console.log(`300-line RL config, ${config300().split("\n").length} lines; diagnostics after each edit, over stdio`);
const withDebounce = await measure("default debounce", undefined);
const bare = await measure("no debounce (check cost)", { debounceMs: 0 });
console.log(`target: median <= ${TARGET_MS} ms with the default debounce: ${withDebounce <= TARGET_MS ? "met" : "NOT met"}`);
reportGoal({ row: "`task-app lsp` diagnostics after an edit, 300-line config", subject: `${withDebounce.toFixed(1)} ms with the default debounce`, baseline: `no debounce (the check itself) ${bare.toFixed(1)} ms`, figure: `${withDebounce.toFixed(1)} ms median`, goal: `<= ${TARGET_MS} ms`, pass: withDebounce <= TARGET_MS, note: "an edit every 60 ms; wall time an editor sees" });
