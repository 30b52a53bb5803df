/**
 * The plain-argument path (`eval` and `validate` without yargs) hands the
 * handler what yargs would for the same argv, or steps aside: for every argv
 * here, either parsePlainArgs returns undefined or its values equal yargs'
 * for every option of the table.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import yargs from "yargs";
import { evalOptions } from "../src/cli/commands/eval.js";
import { validateOptions } from "../src/cli/commands/validate.js";
import { parsePlainArgs, type PlainOption } from "../src/cli/plain-args.js";

/** What yargs hands a handler for `args` (the options it sets), undefined when it refuses them. */
async function viaYargs(args: string[], table: Record<string, PlainOption>, strict = true): Promise<Record<string, unknown> | undefined> {
  try {
    const cli = yargs(args).options(table as never);
    const parsed: Record<string, unknown> = await (strict ? cli.strict() : cli).fail((msg, err) => { throw err ?? new Error(msg); }).parseAsync();
    return Object.fromEntries(Object.keys(table).flatMap((k) => (parsed[k] === undefined ? [] : [[k, parsed[k]]])));
  } catch {
    return undefined;
  }
}

const evalArgv: string[][] = [
  ["--url", "http://127.0.0.1:8001", "--model", "scripted", "--seeds", "0-9"],
  ["--url", "http://a:1", "--url", "http://b:2", "--concurrency", "8", "--no-trace", "--json"],
  ["--url=http://a:1", "--timeout", "0.5", "--retries", "0", "--wire", "container", "--policy-config", "temperature=0.2", "--policy-config", "k=v"],
  ["--app", "src/app.ts", "--model", "m", "--seeds", "1", "--trace", "--resume", "--run-dir", "runs/x", "--env-file", "a.env", "--env-file", "b.env"],
  ["--model", "m", "--concurrency", "0x10"],
  ["--model", "m", "--concurrency", "abc"],
  ["--model", "m", "--wire", "grpc"],
  ["--model", "m", "--model", "n"],
  ["--model", "m", "--trace", "--no-trace"],
  ["--model", "m", "extra"],
  ["--model", "m", "--", "x"],
  ["--modle", "m"],
  ["--envName", "math"],
  ["--model", "-1"],
  ["--help"],
  ["--max-response-bytes", "1024", "--split", "test", "--env-name", "math", "--trace-db", "t.db", "--out", "o.jsonl", "--api-key", "k", "--inference-url", "http://i"],
];

test("eval: the plain path's values are yargs' values, or it steps aside", async () => {
  let taken = 0;
  for (const argv of evalArgv) {
    const plain = parsePlainArgs(argv, evalOptions, { positionals: false });
    if (!plain) continue;
    taken++;
    assert.deepEqual(plain.values, await viaYargs(argv, evalOptions), argv.join(" "));
  }
  assert.ok(taken >= 5, "the plain argv are taken");
  for (const argv of [["--concurrency", "0x10"], ["--wire", "grpc"], ["--model", "m", "--model", "n"], ["extra"], ["--", "x"], ["--modle", "m"], ["--help"], ["--trace", "--no-trace"]])
    assert.equal(parsePlainArgs(argv, evalOptions, { positionals: false }), undefined, `${argv.join(" ")} goes to yargs`);
});

test("validate: the plain path's values are yargs' values, or it steps aside", async () => {
  for (const argv of [["a.toml"], ["a.toml", "b.toml", "--json", "--kind", "rl"], ["a.toml", "--max-findings", "5", "--no-json", "--explain"], ["a.toml", "--kind", "nope"]]) {
    const plain = parsePlainArgs(argv, validateOptions, { positionals: true });
    if (!plain) continue;
    assert.deepEqual(plain.values, await viaYargs(argv, validateOptions, false), argv.join(" "));
  }
  assert.equal(parsePlainArgs(["a.toml", "--kind", "nope"], validateOptions, { positionals: true }), undefined);
});
