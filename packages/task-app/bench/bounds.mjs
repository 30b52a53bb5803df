/**
 * `npm run bench:bounds`: what checking a rollout body against `limits` costs
 * at the defaults, beside `JSON.parse` of the same text as the baseline, run
 * interleaved in this process. For each body: medians of the bounds scan
 * alone, of JSON.parse alone, and of the server's whole check (scan, parse,
 * RolloutRequest validation), with the ratio of the scan to the parse.
 * Bodies: a typical small request; the largest shapes the defaults allow
 * (10,000-element arrays, 10,000-key objects, with short keys or with 58 MiB
 * of long ones, which cost JSON.parse the most), each up to maxTotalElements
 * values and keys; a 36 MiB body of inline images; and refused hostile bodies
 * (11 MiB of numeric ops, a million levels of nesting), for which the check
 * stops at the first limit.
 *
 * Usage: npm run bench:bounds [-- --runs 15]
 * Needs `npm run build` first (the npm script does it).
 */
import { checkJsonBounds } from "../dist/server/bounds.js";
import { RolloutRequest } from "../dist/schemas/rollout.js";
import { TaskAppLimits } from "../dist/schemas/task-app.js";
import { parseBenchArgs } from "./measure.mjs";

const { values: opts } = parseBenchArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Math.max(5, Number(opts.runs) || 15);
const limits = TaskAppLimits.parse({});

const row = (n, v) => `[${Array(n).fill(v).join(",")}]`;
const keys = (n, value) => Array.from({ length: n }, (_, i) => `"k${i}":${value(i)}`).join(",");
const image = "A".repeat(12 * 1024 * 1024);
const bodies = [
  ["typical request", JSON.stringify({ run_id: "r", env: { env_name: "math", seed: 7, config: { split: "train" } }, policy: { policy_name: "p", config: { model: "m" } }, ops: ["agent", "env"] })],
  [
    "largest allowed shape, arrays",
    `{"run_id":"r","env":{"config":{${keys(46, () => row(limits.maxArrayLength - 1, "1"))}}},"policy":{"config":{${keys(limits.maxObjectKeys - 1, String)}}},"ops":${row(limits.maxArrayLength, '"agent"')}}`,
  ],
  ["largest allowed shape, keys", `{"run_id":"r","env":{"config":{${keys(24, () => `{${keys(limits.maxObjectKeys - 1, String)}}`)}}},"policy":{},"ops":[]}`],
  ["largest allowed shape, long keys", `{"run_id":"r","env":{"config":{${keys(24, (o) => `{${keys(limits.maxObjectKeys - 1, String).replaceAll('"k', `"${"p".repeat(240)}${o}-`)}}`)}}},"policy":{},"ops":[]}`],
  ["36 MiB of inline images", JSON.stringify({ run_id: "r", env: { config: { a: image, b: image, c: image } }, policy: {}, ops: [] })],
  ["11 MiB of numeric ops (refused)", `{"run_id":"r","env":{},"policy":{},"ops":${row(5_767_168, "1")}}`],
  ["1,000,000 levels of nesting (refused)", `{"run_id":"r","env":{"config":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}},"policy":{}}`],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
/** What the server does: scan, then parse and validate only what passed. */
async function check(text) {
  const checked = checkJsonBounds(text, limits);
  const violation = checked instanceof Promise ? await checked : checked;
  if (violation) return violation;
  return RolloutRequest.safeParse(JSON.parse(text)).success;
}

console.log(`bounds at the defaults (${JSON.stringify(limits)}), median of ${runs} interleaved runs`);
console.log(["body".padEnd(40), "MiB".padStart(6), "scan ms".padStart(9), "parse ms".padStart(9), "scan/parse".padStart(11), "check ms".padStart(9), "  outcome"].join(""));
for (const [name, text] of bodies) {
  const scan = [];
  const parse = [];
  const whole = [];
  for (let i = 0; i < runs; i++) {
    scan.push(await time(() => checkJsonBounds(text, limits)));
    parse.push(await time(() => JSON.parse(text)));
    whole.push(await time(() => check(text)));
  }
  const outcome = await check(text);
  const cells = [
    name.padEnd(40),
    (text.length / 2 ** 20).toFixed(1).padStart(6),
    median(scan).toFixed(1).padStart(9),
    median(parse).toFixed(1).padStart(9),
    (median(scan) / median(parse)).toFixed(2).padStart(11),
    median(whole).toFixed(1).padStart(9),
    `  ${typeof outcome === "object" ? `refused: ${outcome.limit} at ${outcome.path.slice(0, 30)}` : outcome ? "valid" : "invalid"}`,
  ];
  console.log(cells.join(""));
}
