import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { TomlDate } from "smol-toml";
import { readConfigText } from "../src/config/read.js";
import { checkConfigText } from "../src/config/check.js";
import { findExcessiveKeys, MAX_CONFIG_KEYS, parseTomlDocument, TomlSyntaxError } from "../src/config/toml.js";

const fixture = fileURLToPath(new URL("fixtures/input/locate.toml", import.meta.url));

/** Parses `text`, expecting a TomlSyntaxError, and returns it. */
function syntaxErrorOf(text: string): TomlSyntaxError {
  try {
    parseTomlDocument(text);
  } catch (err) {
    assert.ok(err instanceof TomlSyntaxError, `expected TomlSyntaxError, got ${String(err)}`);
    return err;
  }
  assert.fail("expected a syntax error");
}

test("locate maps every key form to its exact line and column", async () => {
  const doc = parseTomlDocument(await readConfigText(fixture));
  const cases: [PropertyKey[], number, number][] = [
    [[], 1, 1],
    [["name"], 2, 1],
    [["model"], 3, 1],
    [["model", "base"], 3, 7],
    [["quoted key"], 4, 1],
    [["started"], 5, 1],
    [["training"], 7, 2],
    [["training", "batch_size"], 8, 1],
    [["training", "lr"], 9, 1],
    [["training", "lr", "schedule"], 9, 4],
    [["training", "lr", "schedule", "kind"], 9, 13],
    [["training", "stops"], 10, 1],
    [["training", "stops", 0], 11, 3],
    [["training", "stops", 1], 12, 3],
    [["training", "optimizer"], 14, 1],
    [["training", "optimizer", "name"], 14, 15],
    [["training", "optimizer", "betas"], 14, 31],
    [["training", "optimizer", "betas", 1], 14, 45],
    [["training", "lora"], 16, 11],
    [["training", "lora", "rank"], 17, 1],
    [["rollout"], 19, 3],
    [["rollout", "envs"], 19, 11],
    [["rollout", "envs", 0], 19, 11],
    [["rollout", "envs", 0, "id"], 20, 1],
    [["rollout", "envs", 0, "weights", 1], 21, 23],
    [["rollout", "envs", 0, "weights", 1, "w"], 21, 25],
    [["rollout", "envs", 1], 23, 11],
    [["rollout", "envs", 1, "id"], 24, 1],
    [["rollout", "envs", 1, "limits"], 26, 15],
    [["rollout", "envs", 1, "limits", "max_steps"], 27, 1],
    // Missing keys and indexes fall back to the deepest existing ancestor.
    [["absent"], 1, 1],
    [["absent", "deeper", 3], 1, 1],
    [["training", "epochs"], 7, 2],
    [["training", "lora", "alpha"], 16, 11],
    [["training", "stops", 9], 10, 1],
    [["rollout", "envs", 1, "seed"], 23, 11],
    [["rollout", "envs", 5, "id"], 19, 11],
    [["training", "optimizer", "eps"], 14, 1],
  ];
  for (const [path, line, column] of cases) {
    assert.deepEqual(doc.locate(path), { line, column }, JSON.stringify(path));
  }
});

test("locate handles CRLF line endings and a string index on an array", () => {
  const doc = parseTomlDocument('a = 1\r\n[t]\r\nx = [1,\r\n  2]\r\n');
  assert.deepEqual(doc.locate(["t", "x", 1]), { line: 4, column: 3 });
  assert.deepEqual(doc.locate(["t", "x", "1"]), { line: 3, column: 1 });
});

test("values are plain objects; TOML dates stay TomlDate", async () => {
  const { value } = parseTomlDocument(await readConfigText(fixture));
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.ok("training" in value);
  assert.deepEqual(value["training"], {
    batch_size: 8,
    lr: { schedule: { kind: "cosine" } },
    stops: ["</answer>", "<|im_end|>"],
    optimizer: { name: "adamw", betas: [0.9, 0.95] },
    lora: { rank: 16 },
  });
  assert.deepEqual(value["rollout"], {
    envs: [
      { id: "a", weights: [{ w: 1 }, { w: 2 }] },
      { id: "b", limits: { max_steps: 10 } },
    ],
  });
  assert.ok(value["started"] instanceof TomlDate);
  assert.equal((value["started"] as TomlDate).toISOString(), "2025-01-02T03:04:05.000Z");
});

test("a __proto__ key stays an own property and pollutes nothing", () => {
  const { value } = parseTomlDocument("__proto__ = { polluted = true }\n");
  assert.ok(Object.hasOwn(value, "__proto__"));
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
});

test("syntax errors carry the parser's line, column and a one-line reason", () => {
  const cases: [string, string, number, number, RegExp][] = [
    ["arithmetic in a value", "[training]\nsequence_length = 2048*2\n", 2, 23, /numeric literal/],
    ["JSON-style inline table", '[vllm]\nlimit_mm_per_prompt = { "image": 1 }\n', 2, 32, /key/],
    ["unclosed table header", "[training\nx = 1\n", 1, 10, /./],
    ["duplicate key", "a = 1\na = 2\n", 2, 1, /./],
  ];
  for (const [label, text, line, column, reason] of cases) {
    const err = syntaxErrorOf(text);
    assert.deepEqual([err.line, err.column], [line, column], label);
    assert.match(err.reason, reason, label);
    assert.doesNotMatch(err.message, /\n/, label);
    assert.equal(err.message, `invalid TOML at line ${line}, column ${column}: ${err.reason}`, label);
  }
});

test("deep nesting is a syntax error, not a stack overflow", () => {
  const cases: [string, string, number, number][] = [
    ["100k nested inline arrays", `x = ${"[".repeat(100_000)}${"]".repeat(100_000)}`, 1, 133],
    ["unclosed nested arrays", `x = ${"[".repeat(100_000)}`, 1, 133],
    ["nested inline tables", `x = ${"{a = ".repeat(5_000)}1${"}".repeat(5_000)}`, 1, "x = ".length + 128 * "{a = ".length + 1],
    ["10k-level dotted key", `${"a.".repeat(10_000)}a = 1`, 1, 258],
    ["10k-level table header", `[${"a.".repeat(10_000)}a]`, 1, 257],
  ];
  for (const [label, text, line, column] of cases) {
    const err = syntaxErrorOf(text);
    assert.match(err.reason, /nesting too deep/, label);
    assert.deepEqual([err.line, err.column], [line, column], label);
  }
});

test("brackets and dots inside strings and comments do not count as nesting", () => {
  const deep = "[".repeat(500) + ".".repeat(500);
  const text = [
    `basic = "${deep}"`,
    `literal = '${deep}'`,
    `multi = """\n${deep}\n"""`,
    `raw = '''${deep}'''`,
    `# ${deep}`,
    `quoted = """a\\"b""""" # closing quotes may run to five`,
    `nested = ${"[".repeat(100)}1${"]".repeat(100)}`,
  ].join("\n");
  const { value } = parseTomlDocument(text);
  assert.equal(value["basic"], deep);
  assert.equal(value["quoted"], 'a"b""');
});

test("integers beyond 2^53 are valid TOML: read as the nearest number, with their paths for a warning", () => {
  const doc = parseTomlDocument("n = 9007199254740993\n[t]\nxs = [1, -9223372036854775808]\nsafe = 9007199254740991\n");
  assert.equal(doc.value["n"], 9007199254740992);
  assert.deepEqual((doc.value["t"] as Record<string, unknown>)["xs"], [1, -9223372036854775808]);
  assert.equal((doc.value["t"] as Record<string, unknown>)["safe"], 9007199254740991);
  assert.deepEqual(doc.inexactIntegers, [
    { path: ["n"], literal: "9007199254740993" },
    { path: ["t", "xs", 1], literal: "-9223372036854775808" },
  ]);
});

test("a file with more key lines and table headers than any config is refused before parsing, at the line that crosses the bound", () => {
  const tables = Array.from({ length: MAX_CONFIG_KEYS / 2 + 1 }, (_, i) => `[t${i}]\nk = 1`).join("\n");
  const refused = checkConfigText(tables, { kind: "rl", file: "big.toml" });
  assert.deepEqual(
    refused.findings.map((f) => `${f.code} ${f.line}:${f.column} ${f.message}`),
    [`too_large ${MAX_CONFIG_KEYS + 1}:1 more than 20,000 keys and tables: this is far larger than any config, so it is not parsed`],
  );
  assert.equal(findExcessiveKeys(Array.from({ length: MAX_CONFIG_KEYS }, (_, i) => `k${i} = 1`).join("\n")), 0, "at the bound: parsed");
  assert.equal(findExcessiveKeys(`# ${"= ".repeat(10)}\n`.repeat(MAX_CONFIG_KEYS + 5)), 0, "comments do not count");
});
