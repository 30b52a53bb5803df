/**
 * Configs are read as TOML 1.0, as synth-ai's parser (Python's tomllib) reads
 * them: each TOML 1.1-only construct and a BOM is an error at its position
 * that says why, and Python's tomllib, run on the same texts, agrees on every
 * verdict (skips, saying so, without Python 3.11).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { checkConfigFile, checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { parseTomlDocument, TomlSyntaxError } from "../src/config/toml.js";
import { findPython } from "./helpers/python.js";
import { RL } from "./helpers/rules-table.js";

/** TOML 1.1-only texts, with the 1-based line and column of the error and a word of its message. */
const NEWER: [name: string, text: string, line: number, column: number, words: RegExp][] = [
  ["an inline table over two lines", 'a = 1\nt = { b = 1,\n  c = 2 }\n', 2, 5, /inline table that spans several lines is TOML 1\.1/],
  ["a comment inside an inline table", "t = { b = 1, # why\n c = 2 }\n", 1, 5, /spans several lines is TOML 1\.1/],
  ["a trailing comma in an inline table", "t = { b = 1, }\n", 1, 14, /trailing comma in an inline table is TOML 1\.1/],
  ["a trailing comma in a nested inline table", 'x = [{ a = "}" , b = { c = 2, } }]\n', 1, 31, /trailing comma/],
  ["the \\e escape", 'a = "red \\e[31m"\n', 1, 10, /"\\e" is TOML 1\.1.*write "\\u001b"/],
  ["the \\xHH escape", 's = """\nA\\x41"""\n', 2, 2, /"\\x41" is TOML 1\.1.*write "\\u0041"/],
  ["a local time without seconds", "t = 07:32\n", 1, 5, /time without seconds \(07:32\) is TOML 1\.1.*write 07:32:00/],
  ["a date-time without seconds", "t = 1979-05-27T07:32Z\n", 1, 16, /time without seconds/],
  ["a local date-time without seconds", "[x]\nt = 1979-05-27 07:32\n", 2, 16, /time without seconds/],
  ["a UTF-8 BOM", "\ufeffa = 1\n", 1, 1, /starts with a UTF-8 byte-order mark \(BOM\).*TOML 1\.0 parser/],
];

/** TOML 1.0 texts close to the constructs above, which both parsers read. */
const VALID: [name: string, text: string][] = [
  ["a multi-line array inside an inline table", "t = { a = [1,\n  2, # two\n], b = 3 }\n"],
  ["a multi-line string inside an inline table", 't = { a = """x\ny""" }\n'],
  ["a trailing comma in an array", "a = [1, 2, ]\n"],
  ["escaped backslashes before e and x", 'a = "\\\\e \\\\x41 \\u001b"\nb = \'\\e\\x41\'\n'],
  ["times with seconds and offsets", "a = 07:32:00\nb = 1979-05-27T00:32:00-07:00\nc = 1979-05-27 07:32:00.5\n"],
  ["colons in strings and comments", 'a = "07:32" # at 07:32\n["x:1"]\nb = { "k:1" = 2 }\n'],
  ["an array of tables", '[[a]]\nb = { c = 1 }\n[[a]]\nb = { c = 2 }\n'],
  ["a table header with a quoted bracket", '["a]b"]\nc = { d = 1 }\n'],
];

function errorOf(text: string): TomlSyntaxError {
  try {
    parseTomlDocument(text);
  } catch (error) {
    assert.ok(error instanceof TomlSyntaxError, String(error));
    return error;
  }
  assert.fail(`accepted: ${JSON.stringify(text)}`);
}

for (const [name, text, line, column, words] of NEWER)
  test(`TOML 1.1 is refused at its position: ${name}`, () => {
    const error = errorOf(text);
    assert.deepEqual([error.line, error.column], [line, column], error.message);
    assert.match(error.reason, words);
    assert.match(error.reason, /synth-ai reads configs with Python's tomllib/);
  });

for (const [name, text] of VALID)
  test(`TOML 1.0 is read: ${name}`, () => {
    assert.doesNotThrow(() => parseTomlDocument(text));
  });

test("validate reports a TOML 1.1 construct in a config as a positioned error", () => {
  const toml = RL.replace(/\[training\]\n/, '[training]\nstep_rewards_weights = { a = 1,\n b = 2 }\n');
  const findings = checkConfigText(toml, { file: "rl.toml", kind: "rl" }).findings.map(formatFinding);
  assert.equal(findings.length, 1);
  assert.match(findings[0]!, /^rl\.toml:\d+:24: error: invalid TOML: an inline table that spans several lines is TOML 1\.1 syntax/);
});

test("a config file that starts with a BOM is refused, not silently read", async () => {
  const dir = await mkdtemp(join(tmpdir(), "toml-bom-"));
  try {
    await writeFile(join(dir, "rl.toml"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(RL)]));
    const check = await checkConfigFile(join(dir, "rl.toml"), { kind: "rl" });
    assert.equal(check.ok, false);
    assert.match(formatFinding(check.findings[0]!), /rl\.toml:1:1: error: invalid TOML: the file starts with a UTF-8 byte-order mark \(BOM\)/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const python = findPython(["tomllib"]);

test("Python's tomllib (TOML 1.0) gives the same verdict on every text", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const texts = [...NEWER.map(([, t]) => t), ...VALID.map(([, t]) => t)];
  const script = "import json, sys, tomllib\nout = []\nfor t in json.load(sys.stdin):\n    try:\n        tomllib.loads(t); out.append(True)\n    except tomllib.TOMLDecodeError:\n        out.append(False)\nprint(json.dumps(out))";
  const run = spawnSync(python.python, ["-c", script], { input: JSON.stringify(texts), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const ours = texts.map((t) => {
    try {
      parseTomlDocument(t);
      return true;
    } catch {
      return false;
    }
  });
  assert.deepEqual(ours, JSON.parse(run.stdout));
});
