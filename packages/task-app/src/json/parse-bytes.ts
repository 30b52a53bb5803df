/**
 * `JSON.parse` of UTF-8 bytes, faster than decoding them and parsing the text
 * when the document is mostly long plain strings (base64 data URLs, say), with
 * exactly `JSON.parse(Buffer.toString("utf8"))`'s result, or a SyntaxError
 * where it throws one.
 *
 * Below PARSE_BYTES_THRESHOLD bytes that is what it does. Above, it finds
 * the strings (a WebAssembly SIMD scan, cut-scan.ts, or where that does not
 * run a byte loop with `Buffer#indexOf` to the closing quote of a long one;
 * backslash escapes tracked either way); each long one with nothing but
 * printable ASCII in it (no escape, no byte below 0x20 or above 0x7f) is cut
 * out of the document and replaced by a short placeholder, the small skeleton
 * left is parsed, and each placeholder is replaced by its string, made from
 * the bytes with a copy (`latin1Slice`) instead of being decoded and scanned
 * again.
 *
 * Why it is the same value: a cut is made only between a string's own quotes,
 * so the skeleton is the document with some string contents swapped for
 * others that JSON.parse reads the same way; the skeleton parses exactly when
 * the document does (anything malformed is outside the cuts, or at their
 * quotes, and stays in the skeleton), and then only the cut strings differ.
 * When the skeleton is refused, the document itself is parsed, so the error is
 * JSON.parse's own. The placeholders begin with U+0000, which no string of a
 * document without a `\u0000` escape can hold (a raw NUL byte is not JSON):
 * a document with one is parsed whole. Keys are never cut (a string followed
 * by a colon), so key order, duplicate keys and `__proto__` are JSON.parse's.
 */
import { createCutScan, type CutScan } from "./cut-scan.js";
import { isPlainAsciiByIndexOf } from "./plain-ascii.js";

/** Below this many bytes, decoding and JSON.parse is all there is to it. */
export const PARSE_BYTES_THRESHOLD = 64 * 1024;
/** Strings shorter than this stay in the skeleton: cutting costs more than it saves. */
const MIN_CUT = 512;
/** The bytes of a string read one by one before `indexOf` looks for its end. */
const SHORT = 48;
/**
 * Once this many bytes have stayed in the skeleton, more than were cut, the
 * document is not one of long strings: it is parsed whole, having cost a scan
 * of about this much.
 */
const GIVE_UP = 8 * 1024;

/** Past this the document is parsed whole (JSON.parse refuses strings this long anyway). */
const MAX_CUT_DOCUMENT = 2 ** 30;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** JSON.parse(bytes as UTF-8), with long plain-ASCII strings copied out instead of parsed. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < PARSE_BYTES_THRESHOLD || buf.length > MAX_CUT_DOCUMENT) return JSON.parse(buf.toString("utf8"));
  const cuts = findCuts(buf);
  if (cuts === null || cuts.length === 0) return JSON.parse(buf.toString("utf8"));
  const skeleton = skeletonOf(buf, cuts);
  let value: unknown;
  try {
    value = JSON.parse(skeleton);
  } catch {
    return JSON.parse(buf.toString("utf8"));
  }
  const strings: string[] = new Array(cuts.length >> 1);
  for (let i = 0; i < cuts.length; i += 2) strings[i >> 1] = buf.toString("latin1", cuts[i]!, cuts[i + 1]!);
  return putBack(value, strings);
}

/** Skeletons up to this many bytes are put together in one reused buffer and decoded once. */
const SKELETON_SCRATCH = 256 * 1024;
let skeletonScratch: Buffer | undefined;

/**
 * The document with each cut's contents replaced by its placeholder, `\u0000`
 * and the cut's number, as text. Put together as bytes and decoded once (a flat
 * string, which JSON.parse reads without first flattening a rope of pieces);
 * a larger one is decoded piece by piece. Either way the same text: every piece
 * ends and begins next to an ASCII byte (a quote), so no UTF-8 sequence, valid
 * or not, is decoded differently for being split there.
 */
function skeletonOf(buf: Buffer, cuts: number[]): string {
  let size = buf.length + cuts.length * 8; // a placeholder: 6 bytes and at most 10 digits, 16 a cut
  for (let i = 0; i < cuts.length; i += 2) size -= cuts[i + 1]! - cuts[i]!;
  if (size > SKELETON_SCRATCH) {
    let skeleton = "";
    let at = 0;
    for (let i = 0; i < cuts.length; i += 2) {
      skeleton += buf.toString("utf8", at, cuts[i]!) + "\\u0000" + (i >> 1);
      at = cuts[i + 1]!;
    }
    return skeleton + buf.toString("utf8", at, buf.length);
  }
  const out = (skeletonScratch ??= Buffer.allocUnsafe(SKELETON_SCRATCH));
  let pos = 0;
  let at = 0;
  for (let i = 0; i < cuts.length; i += 2) {
    pos += buf.copy(out, pos, at, cuts[i]!);
    out[pos++] = BACKSLASH;
    out[pos++] = 0x75; // u
    out[pos++] = 0x30;
    out[pos++] = 0x30;
    out[pos++] = 0x30;
    out[pos++] = 0x30;
    pos = writeDigits(out, pos, i >> 1);
    at = cuts[i + 1]!;
  }
  pos += buf.copy(out, pos, at, buf.length);
  return out.toString("utf8", 0, pos);
}

/** Writes `n` in decimal at `pos`; the position after it. */
function writeDigits(out: Buffer, pos: number, n: number): number {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = (rest / 10) | 0) digits++;
  for (let d = pos + digits - 1, rest = n; d >= pos; d--, rest = (rest / 10) | 0) out[d] = 0x30 + (rest % 10);
  return pos + digits;
}

/**
 * The [start, end) byte ranges of the long plain strings' contents, flat
 * (exported for the tests, which check that documents are really cut);
 * null when cutting is not worth it (too little of the document is in long
 * strings) or not safe (a `\u0000` escape: the placeholders could be
 * mistaken for its strings). The WebAssembly scan (cut-scan.ts) where it
 * runs, the byte loop below where it does not: the same cuts (but where a
 * document ends inside a string, which either way leaves it to be parsed
 * whole and refused).
 */
export function findCuts(buf: Buffer): number[] | null {
  return (scanCuts ??= createCutScan() ?? findCutsByIndexOf)(buf);
}

let scanCuts: CutScan | undefined;

/** Whether findCuts runs the WebAssembly scan (for tests). */
export function usesCutScan(): boolean {
  findCuts(Buffer.alloc(0));
  return scanCuts !== findCutsByIndexOf;
}

/**
 * findCuts without WebAssembly (exported for the tests, which hold the scan
 * to it). A byte loop between strings and over a string's first SHORT bytes
 * (where most strings, keys among them, end); a longer one is run through
 * with `indexOf` to its next quote. When it is long enough to cut, the plain
 * check (plain-ascii.ts, which refuses a backslash) tells at once that the
 * quote ends it; otherwise the quote ends it unless a backslash comes first
 * (the next backslash is looked for again only once passed). A string with an
 * escape is read on byte by byte from its first backslash to its end.
 */
export function findCutsByIndexOf(buf: Buffer): number[] | null {
  const length = buf.length;
  const isPlain = isPlainAsciiByIndexOf;
  const cuts: number[] = [];
  let cutBytes = 0;
  let nextBackslash = -1;
  let i = 0;
  while (i < length) {
    if (buf[i++] !== QUOTE) continue;
    const open = i;
    // The first bytes of a string are read here: most strings (keys, short values) end
    // among them, for less than a call to indexOf costs.
    const shortEnd = open + SHORT < length ? open + SHORT : length;
    let at = open;
    let byte = 0;
    while (at < shortEnd && (byte = buf[at]!) !== QUOTE && byte !== BACKSLASH) at++;
    let close: number;
    if (at < shortEnd) close = byte === QUOTE ? at : escapedStringEnd(buf, at);
    else {
      close = buf.indexOf(QUOTE, at);
      if (close === -1) break; // unterminated: left in the skeleton, which is refused
      if (close - open >= MIN_CUT && !isKey(buf, close + 1) && isPlain(buf, open, close)) {
        // No backslash before the quote (the check refuses one): the string ends there.
        cuts.push(open, close);
        cutBytes += close - open;
      } else {
        if (nextBackslash < at) {
          nextBackslash = buf.indexOf(BACKSLASH, at);
          if (nextBackslash === -1) nextBackslash = length;
        }
        if (nextBackslash < close) close = escapedStringEnd(buf, nextBackslash);
      }
    }
    if (close < 0) return close === NUL_ESCAPE ? null : cuts;
    i = close + 1;
    if (i - cutBytes > GIVE_UP && i - cutBytes > cutBytes) return null;
  }
  return cuts;
}

/** Returned for a string with a `\u0000` escape. */
const NUL_ESCAPE = -2;

/** The closing quote of a string from its backslash at `at` on; -1 when there is none; NUL_ESCAPE. */
function escapedStringEnd(buf: Buffer, at: number): number {
  for (let i = at; i < buf.length; i++) {
    const byte = buf[i];
    if (byte === QUOTE) return i;
    if (byte === BACKSLASH) {
      if (isNulEscape(buf, i)) return NUL_ESCAPE;
      i++;
    }
  }
  return -1;
}

/** Whether the escape at `at` is `\u0000`. */
function isNulEscape(buf: Buffer, at: number): boolean {
  return buf[at + 1] === 0x75 && buf[at + 2] === 0x30 && buf[at + 3] === 0x30 && buf[at + 4] === 0x30 && buf[at + 5] === 0x30;
}

/** Whether the next byte after JSON whitespace from `at` is a colon (the string before it is a key). */
function isKey(buf: Buffer, at: number): boolean {
  for (; at < buf.length; at++) {
    const byte = buf[at]!;
    if (byte === 0x3a) return true;
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  }
  return false;
}

/**
 * Replaces every placeholder string in `value` (a tree JSON.parse made) by its
 * string, without recursion. An object's keys are walked with `for...in`,
 * which reads the enumeration cache of the shapes JSON.parse made instead of
 * allocating a key array per object (Object.keys); it would also walk
 * enumerable properties inherited from Object.prototype, so where someone has
 * added one, Object.keys walks instead.
 */
function putBack(value: unknown, strings: string[]): unknown {
  if (typeof value === "string") return restored(value, strings);
  if (value === null || typeof value !== "object") return value;
  const ownKeysOnly = hasInheritedKeys();
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === "string") {
          if (item.charCodeAt(0) === 0) node[i] = restored(item, strings);
        } else if (typeof item === "object" && item !== null) stack.push(item);
      }
    } else if (ownKeysOnly) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) putBackMember(record, key, strings, stack);
    } else {
      const record = node as Record<string, unknown>;
      for (const key in record) putBackMember(record, key, strings, stack);
    }
  }
  return value;
}

function putBackMember(record: Record<string, unknown>, key: string, strings: string[], stack: object[]): void {
  const item = record[key];
  if (typeof item === "string") {
    if (item.charCodeAt(0) === 0) record[key] = restored(item, strings);
  } else if (typeof item === "object" && item !== null) stack.push(item);
}

/** Whether `for...in` over an object JSON.parse made would see more than its own keys. */
function hasInheritedKeys(): boolean {
  for (const key in Object.prototype) if (key !== undefined) return true;
  return false;
}

function restored(placeholder: string, strings: string[]): string {
  return placeholder.charCodeAt(0) === 0 ? strings[Number(placeholder.slice(1))]! : placeholder;
}
