/**
 * The cost of validating POST /rollout bodies, as a ratio to `JSON.parse`
 * alone on the same bytes, from 1 KB to 50 MB. Side by side, interleaved
 * (the order of the paths rotates every round): JSON.parse; Zod's
 * safeParse after it; the compiled validator the server runs on a parsed
 * body (src/server/validate.ts, in place: `checkParsedRolloutRequest`, and
 * `checkParsedRolloutResponse`, which eval runs on an answer it parsed),
 * timed from the body's bytes as the product reads them
 * (`parseJsonBytes(buffer)`, src/json/parse-bytes.ts, for a response, as eval
 * and the client read one; the decode to UTF-8 then JSON.parse for a request,
 * as the server reads one); ajv compiled at start from the
 * emitted generated/openapi.json; and, in a Python process on the same
 * bytes, pydantic 2 `model_validate_json` on a model of the same schemas
 * (bench/python/rollout_model.py), one Python round after each Node round.
 * CPU time per op; prints medians, spread (min-max over rounds) and ratios.
 *
 * Usage: npm run bench:validation [-- --rounds 7 --sizes 1kb,150kb,images,5mb,50mb --no-python]
 * (the script runs node with --expose-gc, so each sample starts on a collected heap).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseBenchArgs, reportGoal, settleAfterGc } from "./measure.mjs";
import { createRequest, createResponse } from "./rollout-docs.mjs";

const { values: opts } = parseBenchArgs({
  options: {
    rounds: { type: "string", default: "7" },
    sizes: { type: "string", default: "1kb,150kb,images,5mb,50mb" },
    python: { type: "boolean", default: true },
  },
  allowNegative: true,
});
const ROUNDS = Number(opts.rounds);
const SIZES = new Set(opts.sizes.split(","));

const { RolloutRequest, RolloutResponse } = await import("../dist/schemas/rollout.js");
const { checkParsedRolloutRequest, checkParsedRolloutResponse, checkRolloutResponse } = await import("../dist/server/validate.js");
const { parseJsonBytes } = await import("../dist/json/parse-bytes.js");

/** ajv as a JSON Schema validator is used: the emitted OpenAPI components, compiled once. */
const ajv = new Ajv2020({ strict: false, allErrors: false });
ajv.addSchema({ $id: "task-app-openapi", components: JSON.parse(readFileSync(new URL("../generated/openapi.json", import.meta.url), "utf8")).components });
const ajvOf = (name) => ajv.getSchema(`task-app-openapi#/components/schemas/${name}`);

const DOCUMENTS = [
  ["1kb", "response 1 KB (1 step)", "response", () => createResponse({ trajectories: 1, steps: 1 })],
  ["150kb", "response 2 x 200 steps", "response", () => createResponse({ trajectories: 2, steps: 200 })],
  ["images", "response 64 image steps", "response", () => createResponse({ trajectories: 1, steps: 64, imageBytes: 20_000 })],
  ["5mb", "response 2 x 6,000 steps", "response", () => createResponse({ trajectories: 2, steps: 6_000 })],
  ["50mb", "response 2 x 60,000 steps", "response", () => createResponse({ trajectories: 2, steps: 60_000 })],
  ["1kb", "request 1 KB", "request", () => createRequest({ configRows: 5 })],
  ["150kb", "request 1,500 config rows", "request", () => createRequest({ configRows: 1_500 })],
  ["5mb", "request 45,000 config rows", "request", () => createRequest({ configRows: 45_000 })],
  ["50mb", "request 450,000 config rows", "request", () => createRequest({ configRows: 450_000 })],
]
  .filter(([size]) => SIZES.has(size))
  .map(([size, name, kind, build]) => {
    const text = JSON.stringify(build());
    return { size, name, kind, text, buffer: Buffer.from(text), bytes: Buffer.byteLength(text), iterations: Math.max(1, Math.ceil(2e7 / text.length)) };
  });

const PATHS = {
  request: {
    "JSON.parse": (t) => JSON.parse(t),
    zod: (t) => RolloutRequest.safeParse(JSON.parse(t)).success,
    compiled: (b) => checkParsedRolloutRequest(JSON.parse(b.toString("utf8"))).success,
    ajv: (t) => ajvOf("RolloutRequest")(JSON.parse(t)),
  },
  response: {
    "JSON.parse": (t) => JSON.parse(t),
    zod: (t) => RolloutResponse.safeParse(JSON.parse(t)).success,
    compiled: (b) => checkParsedRolloutResponse(parseJsonBytes(b)).success,
    ajv: (t) => ajvOf("RolloutResponse")(JSON.parse(t)),
  },
};
const NAMES = ["JSON.parse", "zod", "compiled", "ajv"];
/**
 * Not a validator: JSON.parse of the body as the server has it, UTF-8 bytes
 * (`Buffer#toString("utf8")`, as src/server/body.ts decodes it, then
 * JSON.parse), the input pydantic's `model_validate_json` is timed on. It
 * shows what the Node side is spared by being timed from a string.
 */
const BYTES = "JSON.parse(bytes)";
for (const kind of ["request", "response"]) PATHS[kind][BYTES] = (b) => JSON.parse(b.toString("utf8"));
/** Not a validator either: the parse the compiled path of a response runs, from the bytes. */
const PARSE_BYTES = "parseJsonBytes";
PATHS.response[PARSE_BYTES] = (b) => parseJsonBytes(b);
PATHS.request[PARSE_BYTES] = (b) => JSON.parse(b.toString("utf8"));
const TIMED = [...NAMES, BYTES, PARSE_BYTES];
/** The compiled path and the two byte parses are given the bytes; the others the text. */
const FROM_BYTES = new Set(["compiled", BYTES, PARSE_BYTES]);
const inputOf = (doc, name) => (FROM_BYTES.has(name) ? doc.buffer : doc.text);

for (const doc of DOCUMENTS) {
  for (const name of NAMES.slice(1)) {
    if (PATHS[doc.kind][name](inputOf(doc, name)) !== true) throw new Error(`${name} refuses the ${doc.name} document`);
  }
}

/**
 * CPU time per call of `fn(text)` (this process's user + system time, which
 * other processes on a shared machine do not inflate as they do wall time);
 * the heap is collected first (with --expose-gc), so no path pays for
 * another's garbage, then the path runs a quarter of its iterations untimed.
 * A full collection also frees the hidden classes of the documents parsed
 * before it (no object holds them any more), and V8 throws away the optimised
 * code that checks them: untimed, the path compiles it again, as a process
 * serving the same shapes would have it compiled already. Timed right after
 * the collection, each sample of a validator also paid for recompiling it
 * (at 1 KB, about 0.13x of JSON.parse's time; JSON.parse has no such code).
 * After the collection and after the untimed calls, the thread waits until
 * V8's helper threads are idle (settleAfterGc): the sweeping a collection
 * leaves them, and the optimising compiles the untimed calls start, were
 * otherwise billed to the timed loop (process CPU counts every thread; after
 * a collection, 0.05-2 ms of it was measured on those threads, the garbage of
 * whatever ran before, against 0.4 ms per call of the 1.3 MB document).
 */
function secondsPerOp(fn, input, iterations) {
  globalThis.gc?.();
  settleAfterGc();
  for (let i = 0, warm = Math.ceil(iterations / 4); i < warm; i++) fn(input);
  settleAfterGc();
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn(input);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6 / iterations;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Warm-up: every path on every document but the largest, untimed, a whole sample's calls
// each. With a quarter of them, the 1.3 MB document's paths were still being optimised in
// the first round (parseJsonBytes' skeleton builder, Buffer#copy, the validators: 4-12 ms of
// TurboFan on helper threads inside the timed loop, the compiled path read as 1.0-1.6 ms a
// call against 0.42 in the rounds after; 0.41-0.43 with the whole sample's calls here).
for (const doc of DOCUMENTS.filter((d) => d.size !== "50mb")) for (const name of TIMED) secondsPerOp(PATHS[doc.kind][name], inputOf(doc, name), doc.iterations);

// Without gc() each sample starts on the garbage of the one before: 1 or 2 scavenges land in
// a sample of the 1.3 MB document by where the new space was left (1.4-15 MB used measured at
// a sample's start), 0.37-0.47 or 0.51-0.60 ms a call (bench/README.md).
if (typeof globalThis.gc !== "function") console.log("Samples do not start on a collected heap: run with node --expose-gc (npm run bench:validation does).\n");
const python = opts.python ? createPythonRunner() : null;
const times = new Map(DOCUMENTS.map((d) => [d, Object.fromEntries(TIMED.map((n) => [n, []]))]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`round ${round + 1}/${ROUNDS}\n`);
    for (const doc of DOCUMENTS) {
      const order = TIMED.map((_, i) => TIMED[(i + round) % TIMED.length]);
      for (const name of order) times.get(doc)[name].push(secondsPerOp(PATHS[doc.kind][name], inputOf(doc, name), doc.iterations));
    }
    python?.runRound(round);
  }
} finally {
  python?.close();
}

// The server's answer: validate the executor's object (which JSON.parse did not make: the
// validator that also refuses class instances and symbol keys), then JSON.stringify what was
// validated (Zod's copy, or the object itself), as a ratio to JSON.stringify alone.
const SERVE = {
  "JSON.stringify": (o) => JSON.stringify(o),
  zod: (o) => JSON.stringify(RolloutResponse.parse(o)),
  compiled: (o) => JSON.stringify(checkRolloutResponse(o).data),
};
const responses = DOCUMENTS.filter((d) => d.kind === "response").map((d) => ({ doc: d, object: JSON.parse(d.text), times: { "JSON.stringify": [], zod: [], compiled: [] } }));
for (let round = 0; round < ROUNDS; round++) {
  process.stderr.write(`serialise round ${round + 1}/${ROUNDS}\n`);
  for (const r of responses) {
    const names = Object.keys(SERVE);
    for (const name of names.map((_, i) => names[(i + round) % names.length])) r.times[name].push(secondsPerOp(SERVE[name], r.object, r.doc.iterations));
  }
}


/** Median of the per-round ratios a/b, with their min and max. */
function ratio(as, bs) {
  const rs = as.map((a, i) => a / bs[i]);
  return { median: median(rs), min: Math.min(...rs), max: Math.max(...rs) };
}
const fmt = (r) => `${r.median.toFixed(2)}x (${r.min.toFixed(2)}-${r.max.toFixed(2)})`;
const mbps = (bytes, s) => `${(bytes / s / 1e6).toFixed(0)} MB/s`;

console.log(`Parse + validate as a ratio to JSON.parse alone on the same bytes; CPU time, ${ROUNDS} interleaved rounds, median (min-max of the per-round ratios).`);
console.log(`compiled = the compiled validator for parsed JSON (POST /rollout's request, eval's reading of a response) from the body's bytes as the product parses them (a response: parseJsonBytes; a request: decode + JSON.parse); ajv = ajv compiled from generated/openapi.json; pydantic = model_validate_json (Python ${python?.version ?? "not run"}).\n`);
// The compiled path starts from the bytes: its column is a ratio to JSON.parse(bytes), the same input.
const header = ["document", "bytes", "JSON.parse", "zod", "compiled (/ JSON.parse(bytes))", "ajv", "zod/ajv", "compiled/ajv", "pydantic", "compiled vs pydantic"];
const rows = [header];
for (const doc of DOCUMENTS) {
  const t = times.get(doc);
  const floor = t["JSON.parse"];
  const py = python?.results[doc.name];
  rows.push([
    doc.name,
    String(doc.bytes),
    mbps(doc.bytes, median(floor)),
    fmt(ratio(t.zod, floor)),
    fmt(ratio(t.compiled, t[BYTES])),
    fmt(ratio(t.ajv, floor)),
    fmt(ratio(t.zod, t.ajv)),
    fmt(ratio(t.compiled, t.ajv)),
    py ? mbps(doc.bytes, median(py.pydantic)) : "-",
    py ? `${fmt(ratio(py.pydantic, t.compiled))} throughput` : "-",
  ]);
}
const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i])).join("  "));
console.log("\nMedian time per op:");
for (const doc of DOCUMENTS) {
  const t = times.get(doc);
  const ms = (xs) => `${(median(xs) * 1e3).toFixed(3)} ms`;
  const py = python?.results[doc.name];
  console.log(`  ${doc.name.padEnd(widths[0])}  ${TIMED.map((n) => `${n} ${ms(t[n])}`).join("  ")}${py ? `  pydantic ${ms(py.pydantic)}  json.loads ${ms(py.json_loads)}` : ""}`);
}

// The most any validator that runs after JSON.parse can be faster than pydantic: pydantic's
// parse + validate over JSON.parse alone, per round (JSON.parse from a string, as the rows
// above time it; and from the bytes, which pydantic is given and the server receives).
if (python) {
  console.log("\nCeiling against pydantic: model_validate_json's CPU time over JSON.parse alone (no validation at all), per round:");
  for (const doc of DOCUMENTS) {
    const t = times.get(doc);
    const py = python.results[doc.name];
    console.log(`  ${doc.name.padEnd(widths[0])}  from a string ${fmt(ratio(py.pydantic, t["JSON.parse"]))}  from the bytes ${fmt(ratio(py.pydantic, t[BYTES]))}  (JSON.parse(bytes) / JSON.parse(string) ${fmt(ratio(t[BYTES], t["JSON.parse"]))}; ${doc.kind === "response" ? `parseJsonBytes / JSON.parse(bytes) ${fmt(ratio(t[PARSE_BYTES], t[BYTES]))}` : "a request is decoded and parsed"})`);
  }
}

// Goal rows: the responses of 1 KB, ~150 KB and 1.3 MB (image-heavy), the sizes the server serves.
const GOAL_DOCS = ["response 1 KB (1 step)", "response 2 x 200 steps", "response 64 image steps"].map((name) => DOCUMENTS.find((d) => d.name === name)).filter(Boolean);
if (GOAL_DOCS.length) {
  // The compiled path starts from the bytes, so its floor here is JSON.parse of the same bytes (decoded first).
  const vsParse = GOAL_DOCS.map((d) => ratio(times.get(d).compiled, times.get(d)[BYTES]));
  reportGoal({ row: "compiled validator vs JSON.parse, 1 KB / 150 KB / 1.3 MB", subject: "parse + compiled validation from the bytes", baseline: "JSON.parse alone, same bytes (decoded, then parsed)", figure: vsParse.map((r) => `${r.median.toFixed(2)}x`).join(" / "), goal: "<= 1.15x at every size", pass: vsParse.every((r) => r.median <= 1.15), note: `CPU, ${ROUNDS} rounds` });
  const pys = GOAL_DOCS.map((d) => python?.results[d.name]);
  if (pys.every(Boolean)) {
    const vsPy = GOAL_DOCS.map((d, i) => ratio(pys[i].pydantic, times.get(d).compiled));
    reportGoal({ row: "vs pydantic 2 `model_validate_json` (same bytes)", subject: "parse + compiled validation", baseline: `Python ${python.version}`, figure: `${vsPy.map((r) => `${r.median.toFixed(2)}x`).join(" / ")} faster`, goal: ">= 1.5x at every size", pass: vsPy.every((r) => r.median >= 1.5) });
  } else reportGoal({ row: "vs pydantic 2 `model_validate_json` (same bytes)", figure: "-", goal: ">= 1.5x at every size", pass: null, note: "pydantic 2 not available to python3 (--no-python, or install pydantic>=2)" });
}

console.log("\nServing a response: validate the executor's object + JSON.stringify, as a ratio to JSON.stringify alone:");
for (const r of responses) {
  const floor = r.times["JSON.stringify"];
  const ms = (xs) => `${(median(xs) * 1e3).toFixed(3)} ms`;
  console.log(`  ${r.doc.name.padEnd(widths[0])}  JSON.stringify ${ms(floor)}  zod ${fmt(ratio(r.times.zod, floor))}  compiled ${fmt(ratio(r.times.compiled, floor))}`);
}

/**
 * Writes the documents to a temporary folder for the Python side, which times
 * one round between two of Node's (`runRound`), so both sides see the same
 * machine. Null when Python or pydantic 2 is missing.
 */
function createPythonRunner() {
  const python = process.env.PYTHON ?? "python3";
  const script = new URL("./python/rollout_model.py", import.meta.url).pathname;
  const dir = mkdtempSync(join(tmpdir(), "task-app-bench-"));
  const close = () => rmSync(dir, { recursive: true, force: true });
  for (const doc of DOCUMENTS) writeFileSync(join(dir, `${doc.name}.json`), doc.text);
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(DOCUMENTS.map((d) => ({ name: d.name, kind: d.kind, iterations: d.iterations }))));
  const version = runDecoded(python, ["-c", "import sys, pydantic; print(sys.version.split()[0], 'pydantic', pydantic.VERSION)"]);
  if (version.status !== 0 || !/pydantic 2\./.test(version.stdout)) {
    console.log(`pydantic not measured: ${(version.error?.message ?? version.stderr ?? version.stdout).trim().split("\n").pop()}`);
    close();
    return null;
  }
  const results = Object.fromEntries(DOCUMENTS.map((d) => [d.name, { pydantic: [], json_loads: [] }]));
  return {
    version: version.stdout.trim(),
    results,
    close,
    runRound(round) {
      const run = runDecoded(python, [script, dir, String(round), ...(round === 0 ? ["--check"] : [])], { maxBuffer: 1 << 24 });
      if (run.status !== 0) throw new Error(`the pydantic side failed: ${(run.error?.message ?? run.stderr).trim()}`);
      for (const [name, t] of Object.entries(JSON.parse(run.stdout))) for (const label of ["pydantic", "json_loads"]) results[name][label].push(t[label]);
    },
  };
}

/**
 * `spawnSync` with the child's output decoded by a TextDecoder rather than by
 * spawnSync's `encoding` option. That option decodes with `Buffer#toString`
 * on buffers made in C++, whose hidden class is not the one of the Buffers
 * parseJsonBytes slices (64 `toString("latin1", start, end)` a parse of the
 * image-heavy response): V8 threw away its optimised `Buffer#toString` ("wrong
 * map") at every Python round, and the forced collections freed that class
 * again before the next round. The untimed calls before a sample were too few
 * to optimise it again, so that happened inside a timed sample of the 1.3 MB
 * document: 1.2-1.9 ms of TurboFan on a helper thread (measured with
 * --trace-opt --trace-deopt and per-thread CPU), billed to 16 calls, 0.40 ms
 * a call read as 0.50-0.54. A process reading responses does not decode such
 * a buffer between every two of them (and, running on, settles on code that
 * takes both); Python's side was not billed for it.
 */
function runDecoded(command, args, options = {}) {
  const run = spawnSync(command, args, options);
  const utf8 = new TextDecoder();
  const decode = (bytes) => (bytes ? utf8.decode(bytes) : "");
  return { status: run.status, error: run.error, stdout: decode(run.stdout), stderr: decode(run.stderr) };
}
