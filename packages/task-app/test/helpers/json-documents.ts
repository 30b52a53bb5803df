/**
 * Seeded random JSON documents for the tests of parseJsonBytes and its scan
 * (json-parse-bytes.test.ts, json-cut-scan.test.ts): large enough for the
 * cutting path, with long strings plain and not, escapes, non-ASCII, keys of
 * every kind, and the ways of breaking them that JSON.parse refuses or reads
 * differently.
 */
import { PARSE_BYTES_THRESHOLD } from "../../src/json/parse-bytes.js";

/** A small seeded generator (xorshift32), so a failure names a seed that reproduces it. */
export function createRandom(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
export type Random = ReturnType<typeof createRandom>;

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
/** Pieces of string content as JSON text: plain, escaped, non-ASCII raw, and the placeholder's own text. */
const PIECES = ['\\"', "\\\\", "\\/", "\\n", "\\t", "\\u0041", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00x", "é", "日本", "😀", "\u007f", "\\\\u0000", "~", " "];
/** A NUL escape, or the placeholder's text: rare, since a document holding one is parsed whole. */
const NUL_PIECES = ["\\u0000", "\\u00000", "\\u00001"];

/** String content (JSON text, between the quotes): long plain ASCII, long with escapes or non-ASCII, or short. */
export function stringText(random: Random): string {
  const kind = random.int(8);
  const length = kind < 5 ? 512 + random.int(3000) : random.int(40);
  let text = "";
  while (text.length < length) text += BASE64[random.int(BASE64.length)];
  if (kind === 4 || kind === 6) {
    // Some escapes or non-ASCII characters, anywhere (the first and last bytes included).
    // Inserted between plain characters (never inside an earlier escape), at most one a place.
    const places = Array.from({ length: 1 + random.int(3) }, () => random.int(text.length + 1)).sort((a, b) => b - a);
    for (const at of new Set(places)) text = text.slice(0, at) + (random.int(500) === 0 ? random.pick(NUL_PIECES) : random.pick(PIECES)) + text.slice(at);
  }
  return text;
}

const WHITESPACE = ["", "", "", " ", "\n", "\t", "\r\n", "  \n\t "];
const KEYS = ["a", "b", "id", "__proto__", "constructor", "toString", "obs", "image_url", "", "é", "0", "1"];

/** A JSON value as text, nested up to `depth`. */
export function valueText(random: Random, depth: number): string {
  const ws = () => random.pick(WHITESPACE);
  const roll = random.int(10);
  if (depth > 0 && roll < 3) {
    const items = Array.from({ length: random.int(6) }, () => ws() + valueText(random, depth - 1) + ws());
    return `[${items.join(",")}]`;
  }
  if (depth > 0 && roll < 6) {
    const members = Array.from({ length: random.int(6) }, () => {
      const key = random.int(8) === 0 ? stringText(random) : random.pick(KEYS);
      return `${ws()}"${key}"${ws()}:${ws()}${valueText(random, depth - 1)}${ws()}`;
    });
    return `{${members.join(",")}}`;
  }
  if (roll < 9) return `"${stringText(random)}"`;
  return random.pick(["0", "-0", "1.5e3", "-12", "true", "false", "null", "123456789012345678901234567890", "1E-7"]);
}

/** A document of at least `size` bytes, big enough to be cut: a long string first (so the scan keeps going), then random values. */
export function documentText(random: Random, size = PARSE_BYTES_THRESHOLD + 2000): string {
  const parts = [`"${"x".repeat(600)}"`];
  let length = 0;
  while (length < size) {
    const part = valueText(random, 1 + random.int(5));
    parts.push(part);
    length += part.length;
  }
  return `${random.pick(WHITESPACE)}[${parts.join(",")}]${random.pick(WHITESPACE)}`;
}

/** Breaks a document's bytes one way or another (or not at all). */
export function mutate(random: Random, bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  /** A position inside a long string (after a quote followed by 100 base64 characters), or anywhere. */
  const insideLong = () => {
    for (let tries = 0; tries < 50; tries++) {
      const at = copy.indexOf(0x22, random.int(copy.length));
      if (at !== -1 && /^[A-Za-z0-9+/=x]{100}/.test(copy.toString("latin1", at + 1, at + 101))) return at + 1 + random.int(100);
    }
    return random.int(copy.length);
  };
  switch (random.int(12)) {
    case 0:
      return copy.subarray(0, random.int(copy.length));
    case 1:
      copy[random.int(copy.length)] = random.int(256);
      return copy;
    case 2:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), copy]);
    case 3: {
      const at = insideLong();
      copy[at] = random.pick([0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff, 0xed]);
      return copy;
    }
    case 4:
      copy[insideLong()] = random.int(0x20);
      return copy;
    case 5:
      copy[insideLong()] = random.pick([0x22, 0x5c]);
      return copy;
    case 6: {
      const at = insideLong();
      return Buffer.concat([copy.subarray(0, at), Buffer.from(random.pick(["\\u0000", "\\u00000", "\\u00001", "\\\\u0000", "\\", "é", "\u{1f600}"])), copy.subarray(at)]);
    }
    case 7:
      // Truncated inside a long string, or just after one.
      return copy.subarray(0, insideLong());
    default:
      return copy;
  }
}

/** The outcome of a parse: the value, or the error's class and message. */
export function outcome(parse: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}
