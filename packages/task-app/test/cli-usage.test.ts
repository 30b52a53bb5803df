/**
 * How `task-app` answers a wrong call: `--version`, unknown options named
 * once as typed, repeated single-valued options, and the bundled `validate`
 * fast path of bin/task-app.js printing exactly what the full CLI prints.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { findUnknownOptions } from "../src/cli/unknown-options.js";
import { closedPort } from "./helpers/loopback.js";
import { runCli } from "./helpers/run-cli.js";

const VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
const bin = fileURLToPath(new URL("../bin/task-app.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "task-app-usage-"));
writeFileSync(join(dir, "sft.toml"), 'type = "sft"\n');

test("--version prints the package version, before or after a command", async () => {
  for (const argv of [["--version"], ["validate", "--version"]]) {
    const run = await runCli(argv, dir);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${VERSION}\n`);
  }
});

test("an unknown option is named once, as typed, whatever the command", async () => {
  const cases: [string[], string][] = [
    [["validate", "--bogus", "sft.toml"], "Unknown option: --bogus"],
    [["validate", "sft.toml", "--bogus-opt"], "Unknown option: --bogus-opt"],
    [["validate", "sft.toml", "-z", "--bogus", "-z"], "Unknown options: -z, --bogus"],
    [["validate-jsonl", "x.jsonl", "--bogus-opt"], "Unknown option: --bogus-opt"],
    [["check", "http://127.0.0.1:9", "--no-thing"], "Unknown option: --no-thing"],
    [["payload", "rl", "x.toml", "--bogus"], "Unknown option: --bogus"],
    [["serve", "app.ts", "--bogusOpt"], "Unknown option: --bogusOpt"],
    [["generate", "--bogus"], "Unknown option: --bogus"],
    [["--bogus"], "Unknown option: --bogus"],
  ];
  for (const [argv, message] of cases) {
    const run = await runCli(argv, dir);
    assert.equal(run.code, 2, argv.join(" "));
    assert.equal(run.stdout, "", argv.join(" "));
    const command = argv[0]!.startsWith("-") ? "" : `${argv[0]} `;
    assert.equal(run.stderr, `task-app: ${message}\nRun \`task-app ${command}--help\` for usage.\n`, argv.join(" "));
  }
  const typo = await runCli(["vaildate", "sft.toml", "--json"], dir);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /^task-app: Did you mean validate\?\n/, "a mistyped command is not reported as an unknown option");
});

test("a mistyped option gets the closest option of its command, and the hint names the command's --help", async () => {
  const cases: [string[], string][] = [
    [["serve", "app.ts", "--prot", "3"], "serve"],
    [["eval", "--concurency", "3"], "eval"],
    [["validate", "sft.toml", "--jsno"], "validate"],
  ];
  const expected = ["Unknown option: --prot (did you mean --port?)", "Unknown option: --concurency (did you mean --concurrency?)", "Unknown option: --jsno (did you mean --json?)"];
  for (const [n, [argv, command]] of cases.entries()) {
    const run = await runCli(argv, dir);
    assert.equal(run.code, 2, argv.join(" "));
    assert.equal(run.stderr, `task-app: ${expected[n]}\nRun \`task-app ${command} --help\` for usage.\n`);
  }
  const far = await runCli(["serve", "app.ts", "--zzzzzz"], dir);
  assert.equal(far.stderr, "task-app: Unknown option: --zzzzzz\nRun `task-app serve --help` for usage.\n", "nothing close: no suggestion");
});

test("a missing argument is named, with the command's form, at any depth of subcommand", async () => {
  const cases: [string[], string][] = [
    [["migrate"], "task-app: missing <file>: the command is `task-app migrate <file>`"],
    [["payload", "rl"], "task-app: missing <config>: the command is `task-app payload <kind> <config>`"],
    [["traces", "show"], "task-app: missing <session>: the command is `task-app traces show <session>`"],
    [["validate"], "task-app: missing <files..>: the command is `task-app validate <files..>`"],
  ];
  for (const [argv, line] of cases) {
    const run = await runCli(argv, dir);
    assert.equal(run.code, 2, `${argv.join(" ")}: ${run.stderr}`);
    assert.equal(run.stderr.split("\n")[0], line);
  }
});

test("a value outside an option's choices is named with the choices", async () => {
  const run = await runCli(["migrate", "x.toml", "--reward-source", "bogus"], dir);
  assert.equal(run.code, 2, run.stderr);
  assert.equal(run.stderr.split("\n")[0], 'task-app: --reward-source "bogus" is not a choice: give one of "task-app", "rubric"');
});

test("lsp --socket to a port where nothing listens says so and exits 1", async () => {
  const port = await closedPort();
  const run = await runCli(["lsp", "--socket", String(port)], dir);
  assert.deepEqual([run.code, run.stdout, run.stderr], [1, "", `task-app lsp: nothing listens on 127.0.0.1:${port}; start the editor's LSP client on that port first\n`]);
});

test("lsp started by hand in a terminal says on stderr what it waits for; from an editor (a pipe) it says nothing", async (t) => {
  if (spawnSync("script", ["--version"]).status !== 0) return t.skip("util-linux script is not installed");
  const command = `${process.execPath} ${bin} lsp`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], { cwd: dir, env: { ...process.env, TERM: "xterm" } });
  let seen = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no hint within 30 s: ${JSON.stringify(seen)}`)), 30_000);
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      if (seen.includes("Ctrl-C stops it")) {
        clearTimeout(timer);
        resolve();
      }
    });
  }).finally(() => child.kill("SIGKILL"));
  assert.match(seen, /task-app lsp: speaking the Language Server Protocol on stdin\/stdout/);
  const piped = spawnSync(process.execPath, [bin, "lsp"], { cwd: dir, input: "", encoding: "utf8" });
  assert.equal(piped.stderr, "");
});

test("a single-valued option given twice, or anything after --, is a usage error", async () => {
  const twice = await runCli(["validate", "--kind", "sft", "--kind", "rl", "sft.toml"], dir);
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /^task-app: --kind was given more than once\n/);
  const rest = await runCli(["validate", "sft.toml", "--", "other.toml"], dir);
  assert.equal(rest.code, 2, "other.toml is not silently skipped");
  assert.match(rest.stderr, /nothing may follow `--`/);
});

test("a number option given text that is not a number is a usage error naming the flag and the text, on the plain path and through yargs", async () => {
  for (const [args, expected] of [
    [["eval", "--model", "m", "--url", "http://127.0.0.1:9", "--seeds", "0", "--concurrency", "abc"], /^task-app: --concurrency must be a number \(got "abc"\)\n/],
    [["eval", "--model", "m", "--url", "http://127.0.0.1:9", "--seeds", "0", "--timeout=1x", "--retries", "two"], /^task-app: --timeout must be a number \(got "1x"\); --retries must be a number \(got "two"\)\n/],
  ] as const) {
    const result = await runCli([...args], dir);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, expected);
    assert.doesNotMatch(result.stderr, /NaN/);
  }
});

test("the validate fast path of bin/task-app.js answers every call exactly as the full CLI", async (t) => {
  if (!existsSync(fileURLToPath(new URL("../dist/cli/fast.bundle.cjs", import.meta.url)))) return t.skip("not built (npm test builds first)");
  const calls = [
    ["validate", "sft.toml"],
    ["validate", "--version"],
    ["validate", "--bogus", "sft.toml"],
    ["validate", "sft.toml", "--bogus-opt"],
    ["validate", "--kind", "sft", "--kind", "rl", "sft.toml"],
    ["validate", "sft.toml", "--", "other.toml"],
    ["validate", "--json=false", "--no-explain", "sft.toml"],
    ["validate", "--kind=nope", "sft.toml"],
  ];
  for (const argv of calls) {
    const fast = spawnSync(process.execPath, [bin, ...argv], { cwd: dir, encoding: "utf8" });
    const full = await runCli(argv, dir);
    assert.deepEqual({ code: fast.status, stdout: fast.stdout, stderr: fast.stderr }, { code: full.code, stdout: full.stdout, stderr: full.stderr }, argv.join(" "));
  }
});

test("findUnknownOptions skips values, accepts --no- and camelCase forms, and stops at --", () => {
  const known = { key: { kind: true, json: true, "allow-unknown": true, help: true }, alias: { help: ["h"] }, boolean: ["json", "allow-unknown", "help"] };
  assert.deepEqual(findUnknownOptions(["x", "--kind", "-weird", "--no-json", "--allowUnknown", "-h", "--", "--after"], known), []);
  assert.deepEqual(findUnknownOptions(["--kind=rl", "--bogus", "--bogus", "-hq", "--no-kindx"], known), ["--bogus", "-q", "--no-kindx"]);
});

test("--help names the config reference by a path that exists from where it runs", async () => {
  const { existsSync, mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { isAbsolute, join } = await import("node:path");
  const { execFileSync } = await import("node:child_process");
  for (const cwd of [process.cwd(), mkdtempSync(join(tmpdir(), "help-elsewhere-"))]) {
    const out = execFileSync(process.execPath, [bin, "--help"], { cwd, encoding: "utf8" }).replace(/\s+/g, " ");
    const path = /documented in (\S+)\.$/.exec(out.trim())?.[1];
    assert.ok(path, out);
    assert.ok(existsSync(isAbsolute(path) ? path : join(cwd, path)), `${path} from ${cwd}`);
  }
});

test("the commands of the loop teach by example: --help of each shows Examples", async () => {
  const { execFileSync } = await import("node:child_process");
  for (const command of ["serve", "check", "validate", "eval", "traces", "export-sft", "view", "train", "deploy", "add"]) {
    const out = execFileSync(process.execPath, [bin, command, "--help"], { encoding: "utf8" });
    assert.match(out, /^Examples:\n {2}task-app /m, command);
  }
});
