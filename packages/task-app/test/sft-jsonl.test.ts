import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import fc from "fast-check";
import { splitLines, validateSftJsonl, validateSftLine } from "../src/config/jsonl.js";
import { ChatMessage, ContentPart, ImageUrlPart } from "../src/schemas/messages.js";
import { SFTExample } from "../src/schemas/sft-jsonl.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIXTURES = join(ROOT, "test/fixtures/jsonl");
const fixture = (name: string) => join(FIXTURES, name);
const PNG = "data:image/png;base64,iVBORw0KGgo=";
const line = (value: unknown) => JSON.stringify(value);
const user = (content: unknown) => ({ messages: [{ role: "user", content }] });

/** Each lenient SFT rule with the exact `path: message` pairs it reports. */
const schemaCases: { name: string; input: string; errors: [string, string][] }[] = [
  { name: "minimal example", input: line(user("hi")), errors: [] },
  { name: "not JSON", input: '{"messages": [}', errors: [["", "invalid JSON (Unexpected token '}')"]] },
  { name: "truncated JSON", input: '{"messages": [', errors: [["", "invalid JSON (Unexpected end of JSON input)"]] },
  { name: "array line", input: "[1, 2]", errors: [["", "expected a JSON object"]] },
  { name: "string line", input: '"text"', errors: [["", "expected a JSON object"]] },
  { name: "no messages", input: "{}", errors: [["messages", "messages must be a list of chat messages"]] },
  { name: "messages not a list", input: line({ messages: "hi" }), errors: [["messages", "messages must be a list of chat messages"]] },
  { name: "empty messages", input: line({ messages: [] }), errors: [["messages", "messages must contain at least 1 message"]] },
  { name: "message not an object", input: line({ messages: ["hi"] }), errors: [["messages[0]", "message must be an object"]] },
  { name: "missing role", input: line({ messages: [{ content: "x" }] }), errors: [["messages[0].role", "role must be a non-empty string"]] },
  { name: "blank role", input: line({ messages: [{ role: "  " }] }), errors: [["messages[0].role", "role must be a non-empty string"]] },
  { name: "numeric role", input: line({ messages: [{ role: 1 }] }), errors: [["messages[0].role", "role must be a non-empty string"]] },
  { name: "any role name", input: line({ messages: [{ role: "narrator", content: "x" }] }), errors: [] },
  { name: "null, array and object content", input: line({ messages: [{ role: "a", content: null }, { role: "b", content: [1] }, { role: "c", content: { k: 1 } }] }), errors: [] },
  { name: "numeric content", input: line(user(3)), errors: [["messages[0].content", "content must be null, a string, an array of parts or an object (got number)"]] },
  { name: "boolean content", input: line(user(false)), errors: [["messages[0].content", "content must be null, a string, an array of parts or an object (got boolean)"]] },
  { name: "image_url part", input: line(user([{ type: "image_url", image_url: { url: PNG } }])), errors: [] },
  { name: "image part with string", input: line(user([{ type: "image", image: "https://x/y.png" }])), errors: [] },
  { name: "image URL outside http/data is only a warning upstream", input: line(user([{ type: "image", image: "s3://b/k.png" }])), errors: [] },
  { name: "blank image URL", input: line(user([{ type: "text", text: "x" }, { type: "image_url", image_url: { url: " " } }])), errors: [["messages[0].content[1]", "image part needs a non-blank URL in image_url.url or image"]] },
  { name: "image part without URL", input: line(user([{ type: "image" }])), errors: [["messages[0].content[0]", "image part needs a non-blank URL in image_url.url or image"]] },
  { name: "image_url object wins over image", input: line(user([{ type: "image_url", image_url: {}, image: PNG }])), errors: [["messages[0].content[0]", "image part needs a non-blank URL in image_url.url or image"]] },
  { name: "single image part object", input: line(user({ type: "image_url", image_url: { url: "" } })), errors: [["messages[0].content", "image part needs a non-blank URL in image_url.url or image"]] },
  { name: "OpenAI tool call", input: line({ messages: [{ role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }] }] }), errors: [] },
  { name: "flat tool call", input: line({ messages: [{ role: "assistant", tool_calls: [{ name: "f", arguments: { a: 1 } }] }] }), errors: [] },
  { name: "tool call without name", input: line({ messages: [{ role: "assistant", tool_calls: [{ function: { arguments: "{}" } }] }] }), errors: [["messages[0].tool_calls[0]", "tool call needs a non-empty function name (function.name or name)"]] },
  { name: "empty function.name does not fall back", input: line({ messages: [{ role: "assistant", tool_calls: [{ function: { name: "" }, name: "f" }] }] }), errors: [["messages[0].tool_calls[0]", "tool call needs a non-empty function name (function.name or name)"]] },
  { name: "tool call not an object", input: line({ messages: [{ role: "assistant", tool_calls: ["f"] }] }), errors: [["messages[0].tool_calls[0]", "tool call must be an object"]] },
  { name: "tool_calls not a list", input: line({ messages: [{ role: "assistant", tool_calls: {} }] }), errors: [["messages[0].tool_calls", "tool_calls must be a list"]] },
  { name: "any tool_call_id", input: line({ messages: [{ role: "tool", tool_call_id: 7, content: "ok" }] }), errors: [] },
  { name: "name not a string", input: line({ messages: [{ role: "tool", name: 1 }] }), errors: [["messages[0].name", "name must be a string if present"]] },
  { name: "reasoning not a string", input: line({ messages: [{ role: "assistant", reasoning: ["x"] }] }), errors: [["messages[0].reasoning", "reasoning must be a string if present"]] },
  { name: "raw_content not a string", input: line({ messages: [{ role: "assistant", raw_content: 1 }] }), errors: [["messages[0].raw_content", "raw_content must be a string if present"]] },
  { name: "tools not a list", input: line({ ...user("x"), tools: {} }), errors: [["tools", "tools must be a list if present"]] },
  { name: "tool not an object", input: line({ ...user("x"), tools: ["f"] }), errors: [["tools[0]", "tool must be an object"]] },
  { name: "tool without name", input: line({ ...user("x"), tools: [{ description: "d" }] }), errors: [["tools[0].name", "tool name must be a non-empty string"]] },
  { name: "tool description", input: line({ ...user("x"), tools: [{ name: "f", description: 2 }] }), errors: [["tools[0].description", "description must be a string if present"]] },
  { name: "tool parameters", input: line({ ...user("x"), tools: [{ name: "f", parameters: [] }] }), errors: [["tools[0].parameters", "parameters must be an object if present"]] },
  { name: "metadata not an object", input: line({ ...user("x"), metadata: "m" }), errors: [["metadata", "metadata must be an object if present"]] },
  { name: "tool_choice anything, nulls allowed", input: line({ ...user("x"), tool_choice: 5, tools: null, metadata: null }), errors: [] },
  { name: "several issues in one line", input: line({ messages: [{ role: "" }, 2], metadata: [] }), errors: [["messages[0].role", "role must be a non-empty string"], ["messages[1]", "message must be an object"], ["metadata", "metadata must be an object if present"]] },
];

describe("SFT line schema", () => {
  for (const c of schemaCases) {
    test(c.name, () => {
      const result = validateSftLine(c.input);
      const got = result.ok ? [] : result.errors.map((e) => [e.path, e.message]);
      assert.deepEqual(got, c.errors);
    });
  }

  test("invalid JSON carries a column when V8 gives a position", () => {
    const result = validateSftLine('{"messages": 1 2}');
    assert.deepEqual(result, { ok: false, errors: [{ column: 16, path: "", message: "invalid JSON (Expected ',' or '}' after property value)" }] });
  });

  test("extra keys are kept at every level", () => {
    const parsed = SFTExample.parse({ messages: [{ role: "u", content: "x", weight: 0, tool_calls: [{ name: "f", extra: 1 }] }], tools: [{ name: "f", strict: true }], split: "train" });
    assert.deepEqual(parsed, { messages: [{ role: "u", content: "x", weight: 0, tool_calls: [{ name: "f", extra: 1 }] }], tools: [{ name: "f", strict: true }], split: "train" });
  });
});

describe("chat message wire schemas", () => {
  const urlCases: [string, boolean][] = [
    ["https://example.com/a.png", true],
    ["http://localhost:8000/frame", true],
    [PNG, true],
    ["data:image/webp;base64,UklGR", true],
    ["ftp://example.com/a.png", false],
    ["data:text/plain;base64,aGk=", false],
    ["data:image/png;base64,", false],
    ["https://", false],
    ["", false],
  ];
  for (const [url, ok] of urlCases) {
    test(`image URL ${JSON.stringify(url)} is ${ok ? "accepted" : "rejected"}`, () => {
      const result = ImageUrlPart.safeParse({ type: "image_url", image_url: { url } });
      assert.equal(result.success, ok);
      if (!result.success) {
        assert.deepEqual(
          result.error.issues.map((i) => [i.path.join("."), i.message]),
          [["image_url.url", 'image URL must start with "https://", "http://" or "data:image/<format>;base64,"']],
        );
      }
    });
  }

  test("content parts are told apart by type", () => {
    assert.deepEqual(ContentPart.parse({ type: "text", text: "a", extra: 1 }), { type: "text", text: "a" });
    const bad = ContentPart.safeParse({ type: "audio" });
    assert.equal(bad.success, false);
    assert.equal(bad.error?.issues[0]?.message, 'content part type must be "text" or "image_url"');
    assert.equal(ContentPart.safeParse({ type: "image_url", image_url: { url: PNG, detail: "huge" } }).success, false);
  });

  test("chat messages: roles, content forms and tool calls", () => {
    const call = { id: "c0", type: "function", function: { name: "interact", arguments: "{}" } };
    assert.ok(ChatMessage.safeParse({ role: "assistant", content: null, tool_calls: [call] }).success);
    assert.ok(ChatMessage.safeParse({ role: "tool", tool_call_id: "c0", content: "ok" }).success);
    assert.ok(ChatMessage.safeParse({ role: "user", content: [{ type: "text", text: "x" }, { type: "image_url", image_url: { url: PNG } }] }).success);
    assert.equal(ChatMessage.safeParse({ role: "developer", content: "x" }).success, false);
    assert.equal(ChatMessage.safeParse({ role: "assistant", tool_calls: [{ ...call, type: "tool" }] }).success, false);
    const bad = ChatMessage.safeParse({ role: "user", content: 3 });
    assert.equal(bad.error?.issues[0]?.message, "content must be a string, an array of content parts or null");
  });
});

describe("splitLines", () => {
  test("joins lines across any chunk boundaries and keeps a last line without newline", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom("a", "é", "\n", "\r", "{", "x"), { maxLength: 60 }), fc.array(fc.nat(70), { maxLength: 8 }), async (chars, cuts) => {
        const bytes = Buffer.from(chars.join(""));
        const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, i) => bytes.subarray(start, points[i] ?? bytes.length));
        const got: string[] = [];
        for await (const piece of splitLines(Readable.from(chunks))) got.push(piece.toString());
        const want = bytes.toString().split("\n");
        if (want.at(-1) === "") want.pop();
        assert.deepEqual(got, want);
      }),
    );
  });
});

describe("validateSftJsonl on fixtures", () => {
  test("valid multimodal, tool-call and reasoning files", async () => {
    for (const [name, count] of [["valid-multimodal.jsonl", 4], ["tool-calls.jsonl", 3], ["reasoning.jsonl", 3]] as const) {
      assert.deepEqual(await validateSftJsonl(fixture(name)), { examples: count, lines: count, errors: [], warnings: [], omittedWarnings: 0, truncated: false }, name);
    }
  });

  test("invalid JSON on line 3", async () => {
    const report = await validateSftJsonl(fixture("invalid-json-line3.jsonl"));
    assert.deepEqual(report, { examples: 3, lines: 4, truncated: false, warnings: [], omittedWarnings: 0, errors: [{ line: 3, path: "", message: "invalid JSON (Unexpected token ']')" }] });
  });

  test("25 bad lines stop at 20 errors, or at maxErrors", async () => {
    const report = await validateSftJsonl(fixture("bad-25.jsonl"));
    assert.equal(report.errors.length, 20);
    assert.equal(report.truncated, true);
    assert.equal(report.lines, 20);
    assert.deepEqual(report.errors[19], { line: 20, path: "messages[0].content", message: "content must be null, a string, an array of parts or an object (got number)" });
    const five = await validateSftJsonl(fixture("bad-25.jsonl"), { maxErrors: 5 });
    assert.deepEqual([five.errors.length, five.lines, five.truncated], [5, 5, true]);
    const all = await validateSftJsonl(fixture("bad-25.jsonl"), { maxErrors: 100 });
    assert.deepEqual([all.errors.length, all.lines, all.truncated], [25, 25, false]);
  });

  test("empty and blank-only files contain no examples", async () => {
    for (const [name, lines] of [["empty.jsonl", 0], ["blank-lines.jsonl", 4]] as const) {
      const report = await validateSftJsonl(fixture(name));
      assert.deepEqual(report, { examples: 0, lines, truncated: false, warnings: [], omittedWarnings: 0, errors: [{ line: 1, path: "", message: "File contains no SFT examples" }] }, name);
    }
  });

  test("CRLF line endings and UTF-8 text", async () => {
    const report = await validateSftJsonl(fixture("crlf.jsonl"));
    assert.deepEqual(report, { examples: 2, lines: 4, truncated: false, warnings: [], omittedWarnings: 0, errors: [{ line: 4, path: "messages[0].content", message: "content must be null, a string, an array of parts or an object (got number)" }] });
  });

  test("progress reports lines and bytes", async () => {
    const seen: { lines: number; bytes: number }[] = [];
    await validateSftJsonl(fixture("tool-calls.jsonl"), { onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen.at(-1), { lines: 3, bytes: 943 });
  });
});

describe("validateSftJsonl on unreadable content", () => {
  let dir = "";
  const write = async (name: string, bytes: Buffer) => {
    dir ||= await mkdtemp(join(tmpdir(), "sft-jsonl-"));
    await writeFile(join(dir, name), bytes);
    return join(dir, name);
  };
  after(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  test("binary file: one clear error, then stop", async () => {
    const file = await write("bin.jsonl", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x00, 0x00, 0x0a, 0x41, 0x0a]));
    assert.deepEqual(await validateSftJsonl(file), { examples: 0, lines: 1, truncated: true, warnings: [], omittedWarnings: 0, errors: [{ line: 1, column: 6, path: "", message: "file looks binary (NUL byte), not JSON Lines text" }] });
  });

  test("UTF-16 file and Latin-1 bytes", async () => {
    const utf16 = await write("u16.jsonl", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line(user("x")), "utf16le")]));
    assert.equal((await validateSftJsonl(utf16)).errors[0]?.message, "file is UTF-16 encoded; JSON Lines files must be UTF-8");
    const latin1 = await write("l1.jsonl", Buffer.from(`${line(user("ok"))}\n{"messages":[{"role":"user","content":"caf\xe9"}]}\n`, "latin1"));
    assert.deepEqual((await validateSftJsonl(latin1)).errors, [{ line: 2, column: 43, path: "", message: "line is not valid UTF-8 (byte 0xE9); save the file as UTF-8" }]);
  });

  test("a UTF-8 byte order mark is an error that says so (synth-ai cannot read it); a missing file rejects", async () => {
    const example = line({ messages: [{ role: "user", content: "x" }, { role: "assistant", content: "y" }] });
    const bom = await write("bom.jsonl", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${example}\n${example}\n`)]));
    assert.deepEqual(await validateSftJsonl(bom), {
      examples: 1,
      lines: 2,
      warnings: [],
      omittedWarnings: 0,
      truncated: false,
      errors: [{ line: 1, column: 1, path: "", message: "file starts with a UTF-8 byte-order mark (BOM), which synth-ai cannot read; save it as UTF-8 without BOM" }],
    });
    await assert.rejects(validateSftJsonl(join(FIXTURES, "missing.jsonl")), { code: "ENOENT" });
  });
});

/**
 * Constant memory: a ~200 MB file (set SFT_JSONL_BIG_MB to change it; e.g.
 * `SFT_JSONL_BIG_MB=1024 node --import tsx --test test/sft-jsonl.test.ts` for
 * the 1 GB manual check) is validated in a child process whose V8 heap is
 * capped at 64 MB and its peak RSS must stay under 256 MB. Holding the file,
 * or many of its lines, would crash it or break the bound.
 */
test("validates a large file with a 64 MB heap", { timeout: 300_000 }, async (t) => {
  const dir = await mkdtemp(join(tmpdir(), "sft-big-"));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, "big.jsonl");
  const targetBytes = Number(process.env.SFT_JSONL_BIG_MB ?? 200) * 1e6;
  const image = `data:image/png;base64,${"A".repeat(1400)}`;
  const normal = `${line({ messages: [{ role: "user", content: [{ type: "text", text: "frame" }, { type: "image_url", image_url: { url: image } }] }, { role: "assistant", content: "move_up" }] })}\r\n`;
  const huge = `${line(user([{ type: "image_url", image_url: { url: `data:image/png;base64,${"B".repeat(8_000_000)}` } }]))}\n`;
  const out = createWriteStream(file);
  let written = 0;
  let lines = 0;
  while (written < targetBytes) {
    const chunk = lines % 20_000 === 10 ? huge : normal;
    if (!out.write(chunk)) await once(out, "drain");
    written += Buffer.byteLength(chunk);
    lines++;
  }
  out.end(`${line(user(42))}\n`);
  await once(out, "finish");
  lines++;

  const script = `import('./src/config/jsonl.ts').then(async (m) => {
    const r = await m.validateSftJsonl(process.argv[1]);
    console.log(JSON.stringify({ examples: r.examples, lines: r.lines, errors: r.errors, maxRssKb: process.resourceUsage().maxRSS }));
  })`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--max-old-space-size=64", "--import", "tsx", "-e", script, file], { cwd: ROOT });
  const result = JSON.parse(stdout) as { examples: number; lines: number; errors: unknown[]; maxRssKb: number };
  t.diagnostic(`${(written / 1e6).toFixed(0)} MB, ${lines} lines, peak RSS ${(result.maxRssKb / 1024).toFixed(0)} MB`);
  // The heap cap does not bound Buffers (they live outside the V8 heap): bound the
  // whole process too. Baseline is ~85 MB; holding the 200 MB file would exceed this.
  assert.ok(result.maxRssKb < 256 * 1024, `peak RSS ${result.maxRssKb} kB`);
  assert.equal(result.lines, lines);
  assert.equal(result.examples, lines - 1);
  assert.deepEqual(result.errors, [{ line: lines, path: "messages[0].content", message: "content must be null, a string, an array of parts or an object (got number)" }]);
});

describe("checks beyond synth-ai's line schema", () => {
  let dir = "";
  const write = async (name: string, text: string | Buffer) => {
    dir ||= await mkdtemp(join(tmpdir(), "sft-jsonl-strict-"));
    await writeFile(join(dir, name), text);
    return join(dir, name);
  };
  after(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
  const reply = { role: "assistant", content: "ok" };
  const image = (url: string) => ({ role: "user", content: [{ type: "image_url", image_url: { url } }, { type: "image", image: url }] });

  test("an unknown role is an error; an example without an assistant turn is a warning", async () => {
    const file = await write("roles.jsonl", [line({ messages: [{ role: "narrator", content: "x" }, reply] }), line(user("only a question")), line({ messages: [{ role: "system", content: "s" }, { role: "user", content: "q" }, reply] })].join("\n"));
    const report = await validateSftJsonl(file);
    assert.deepEqual(report.errors, [{ line: 1, path: "messages[0].role", message: 'unknown role "narrator"; expected one of system, developer, user, assistant, tool, function' }]);
    assert.deepEqual(report.warnings, [{ line: 2, path: "messages", message: "no assistant turn: the example has nothing to train on" }]);
    assert.equal(report.examples, 2);
  });

  test("a data URL whose base64 does not decode is an error, in image_url.url and image alike", async () => {
    const file = await write("b64.jsonl", [line({ messages: [image(PNG), reply] }), line({ messages: [image("data:image/png;base64,iVBO*Kgo="), reply] }), line({ messages: [image("data:image/png;base64,abc"), reply] }), line({ messages: [image("https://x/y.png"), reply] })].join("\n"));
    const report = await validateSftJsonl(file);
    assert.deepEqual(report.errors, [
      { line: 2, path: "messages[0].content[0].image_url.url", message: 'data URL is not valid base64: its payload has a character outside base64 ("*" at offset 4)' },
      { line: 2, path: "messages[0].content[1].image", message: 'data URL is not valid base64: its payload has a character outside base64 ("*" at offset 4)' },
      { line: 3, path: "messages[0].content[0].image_url.url", message: "data URL is not valid base64: its payload has a length of 3, not a multiple of 4" },
      { line: 3, path: "messages[0].content[1].image", message: "data URL is not valid base64: its payload has a length of 3, not a multiple of 4" },
    ]);
    assert.equal(report.examples, 2);
  });

  test("a line over maxLineBytes is an error naming the line, skipped without being held", async () => {
    const ok = line({ messages: [{ role: "user", content: "q" }, reply] });
    const big = line({ messages: [{ role: "user", content: "x".repeat(300_000) }, reply] });
    const file = await write("long.jsonl", [ok, big, ok, big].join("\n"));
    const report = await validateSftJsonl(file, { maxLineBytes: 100_000 });
    assert.deepEqual(report.errors.map((e) => [e.line, e.column, e.message]), [
      [2, 1, `line is longer than 100000 bytes (at least ${big.length} bytes); it was skipped (raise --max-line-bytes to check it)`],
      [4, 1, `line is longer than 100000 bytes (at least ${big.length} bytes); it was skipped (raise --max-line-bytes to check it)`],
    ]);
    assert.deepEqual([report.examples, report.lines], [2, 4]);
    assert.deepEqual((await validateSftJsonl(file)).errors, []);
  });

  test("splitLines with a limit never holds more than the limit of one line", async () => {
    async function* chunks() {
      yield Buffer.from("ab\nccc");
      for (let i = 0; i < 1000; i++) yield Buffer.alloc(1024, 0x63);
      yield Buffer.from("c\nd");
    }
    const out: unknown[] = [];
    for await (const piece of splitLines(chunks(), 10)) out.push(Buffer.isBuffer(piece) ? piece.toString() : piece);
    assert.deepEqual(out, ["ab", { overlong: true, bytes: 3 + 1024 * 1000 + 1 }, "d"]);
  });
});
