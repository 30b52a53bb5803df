import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, open, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import fc from "fast-check";
import { ConfigInputError, decodeConfigText, readConfigText } from "../src/config/read.js";

let dir = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "task-app-read-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const utf8 = (s: string) => Buffer.from(s, "utf8");
const bytes = (...parts: (string | readonly number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? utf8(p) : Buffer.from(p))));

/** Awaits `run`, expecting a ConfigInputError, and returns it. */
async function inputErrorOf(run: () => unknown): Promise<ConfigInputError> {
  try {
    await run();
  } catch (err) {
    assert.ok(err instanceof ConfigInputError, `expected ConfigInputError, got ${String(err)}`);
    assert.doesNotMatch(err.message, /\n|    at /, "message must be one plain line");
    return err;
  }
  assert.fail("expected a ConfigInputError");
}

test("readConfigText refuses unusable files with a code, a message and a position", async () => {
  await writeFile(join(dir, "image.toml"), Buffer.from([...PNG_HEADER, 0, 0, 0, 0]));
  await writeFile(join(dir, "empty.toml"), "");
  await writeFile(join(dir, "blank.toml"), " \n\t\r\n  \n");
  await writeFile(join(dir, "latin1.toml"), bytes('a = 1\nname = "caf', [0xe9], '"\n'));
  await writeFile(join(dir, "utf16.toml"), Buffer.from("\ufeffa = 1\n", "utf16le"));
  await mkdir(join(dir, "folder.toml"));
  const cases: [string, string, RegExp, number, number][] = [
    ["image.toml", "binary", /^file looks binary \(NUL byte at line 3, column 1\); expected a UTF-8 TOML file$/, 3, 1],
    ["empty.toml", "empty", /^file is empty; expected a TOML config$/, 1, 1],
    ["blank.toml", "empty", /^file is empty/, 1, 1],
    ["latin1.toml", "invalid_utf8", /not valid UTF-8 \(bad byte at line 2, column 12\)/, 2, 12],
    ["utf16.toml", "invalid_utf8", /UTF-16/, 1, 1],
    ["folder.toml", "is_directory", /directory/, 1, 1],
    ["missing.toml", "not_found", /^file not found$/, 1, 1],
    [join("missing-dir", "x.toml"), "not_found", /not found/, 1, 1],
  ];
  for (const [name, code, message, line, column] of cases) {
    const err = await inputErrorOf(() => readConfigText(join(dir, name)));
    assert.deepEqual([err.code, err.line, err.column], [code, line, column], name);
    assert.match(err.message, message, name);
  }
});

test("a 50 MB file is refused by its size before a byte is read", async (t) => {
  const path = join(dir, "huge.toml");
  await writeFile(path, "");
  await truncate(path, 50 * 1024 * 1024);
  const probe = await open(path, "r");
  const read = t.mock.method(Object.getPrototypeOf(probe), "read");
  await probe.close();
  const err = await inputErrorOf(() => readConfigText(path));
  assert.equal(err.code, "too_large");
  assert.equal(err.message, "file is 50.0 MB; config files are limited to 4.0 MB");
  assert.equal(read.mock.callCount(), 0);
});

test("maxBytes sets the limit", async () => {
  const path = join(dir, "small.toml");
  await writeFile(path, "a = 1\n".repeat(400));
  assert.equal((await readConfigText(path, { maxBytes: 2400 })).length, 2400);
  const err = await inputErrorOf(() => readConfigText(path, { maxBytes: 2399 }));
  assert.equal(err.message, "file is 2400 bytes; config files are limited to 2399 bytes");
});

test("a FIFO, a device or any other non-regular file is refused at once, without reading", { timeout: 10_000 }, async (t) => {
  const fifo = join(dir, "pipe.toml");
  // No writer ever opens this FIFO: a blocking open or read would hang here.
  execFileSync("mkfifo", [fifo]);
  const err = await inputErrorOf(() => readConfigText(fifo));
  assert.equal(err.code, "not_regular");
  assert.equal(err.message, "path is a FIFO (named pipe), not a regular file; expected a TOML file");
  if (!existsSync("/dev/zero")) return t.skip("no /dev/zero");
  const endless = await inputErrorOf(() => readConfigText("/dev/zero", { maxBytes: 1000 }));
  assert.equal(endless.code, "not_regular");
  assert.equal(endless.message, "path is a character device, not a regular file; expected a TOML file");
});

test("an unreadable file is reported as such", { skip: process.getuid?.() === 0 }, async () => {
  const path = join(dir, "secret.toml");
  await writeFile(path, "a = 1\n");
  await chmod(path, 0o000);
  const err = await inputErrorOf(() => readConfigText(path));
  assert.equal(err.code, "unreadable");
});

test("a UTF-8 BOM is stripped and text passes through unchanged", async () => {
  const path = join(dir, "bom.toml");
  await writeFile(path, bytes([0xef, 0xbb, 0xbf], 'name = "café ✓ 😀"\r\n'));
  assert.equal(await readConfigText(path), 'name = "café ✓ 😀"\r\n');
});

test("decodeConfigText reports the first bad byte in UTF-16 columns", async () => {
  const cases: [string, Buffer, string, number, number][] = [
    ["NUL after BOM", bytes([0xef, 0xbb, 0xbf], "ab", [0]), "binary", 1, 3],
    ["NUL after CRLF lines", bytes("a = 1\r\nb = 2\r\n  ", [0]), "binary", 3, 3],
    ["lone continuation byte", bytes("x = 1\n\n", [0x80]), "invalid_utf8", 3, 1],
    ["bad byte after é", bytes('"é" = "', [0xff], '"'), "invalid_utf8", 1, 8],
    ["bad byte after an emoji (2 UTF-16 units)", bytes('"😀" = "', [0xff], '"'), "invalid_utf8", 1, 9],
    ["overlong encoding", bytes("k = '", [0xc0, 0xaf], "'"), "invalid_utf8", 1, 6],
    ["UTF-16 surrogate", bytes("k = '", [0xed, 0xa0, 0x80], "'"), "invalid_utf8", 1, 6],
    ["truncated sequence", bytes("k = 'ab", [0xe2, 0x82], "'"), "invalid_utf8", 1, 8],
    ["beyond U+10FFFF", bytes("k = '", [0xf4, 0x90, 0x80, 0x80], "'"), "invalid_utf8", 1, 6],
    ["sequence cut by the end", bytes("k = 1 #", [0xf0, 0x9f, 0x98]), "invalid_utf8", 1, 8],
  ];
  for (const [label, input, code, line, column] of cases) {
    const err = await inputErrorOf(() => decodeConfigText(input));
    assert.deepEqual([err.code, err.line, err.column], [code, line, column], label);
  }
});

test("decodeConfigText locates one bad byte after any valid UTF-8 prefix", () => {
  const prefix = fc.string({ unit: "grapheme", maxLength: 40 }).filter((s) => !s.includes("\0") && !s.startsWith("\ufeff"));
  const bad = fc.constantFrom([0xff], [0xfe], [0x80], [0xc1, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xbf, 0xbf], [0xf8]);
  fc.assert(
    fc.property(prefix, bad, fc.string({ maxLength: 10 }).filter((s) => !s.includes("\0")), (head, badBytes, tail) => {
      const err = (() => {
        try {
          decodeConfigText(bytes(head, badBytes, tail));
        } catch (e) {
          return e;
        }
      })();
      assert.ok(err instanceof ConfigInputError);
      const lines = head.split("\n");
      assert.deepEqual([err.code, err.line, err.column], ["invalid_utf8", lines.length, lines.at(-1)!.length + 1]);
    }),
  );
});
