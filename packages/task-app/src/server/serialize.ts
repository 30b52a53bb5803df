/**
 * The JSON of a reply body: byte for byte what `JSON.stringify` gives
 * (UTF-8 encoded), made cheaply when the value carries long strings.
 *
 * `JSON.stringify` re-escapes every character of every string (about
 * 1.5 ns a character in Node 20), then the reply path measures and copies
 * the 1.3 MB result again. Image-heavy rollouts are mostly long base64 data
 * URLs that need no escaping at all: here each long string is checked once
 * (printable ASCII with no quote or backslash: escape-scan.ts, about 0.1 ns
 * a character) and copied into the reply's bytes as it is; the rest is
 * JSON-stringified piece by piece, and the parts are written into one
 * Buffer, so the whole text is never built as a string.
 *
 * Values without long strings (a bounded look at a sample of the value:
 * objects' values, arrays' first and last elements) go to `JSON.stringify`
 * whole, as before, and so does each part of a walked value that holds none
 * (a step's tool calls and info, say). Anything the walk does not own
 * exactly (proxies, `toJSON`, class instances, BigInt, functions) is handed
 * to `JSON.stringify` in place, with its own key; a cycle, a throwing getter
 * or a stack overflow make the whole value go through `JSON.stringify`
 * again, so what it refuses is refused with its own error.
 */
import { types } from "node:util";
import { isPrintableAscii } from "./escape-scan.js";
import { takeReplyBytes } from "./reply-bytes.js";

/** Strings from this length on are checked and, when they need no escaping, copied as they are. */
export const RAW_STRING_FROM = 1024;
/** How many values the look for long strings reads at most. */
const PROBE_BUDGET = 256;

/**
 * `JSON.stringify(value)`, as a string when `value` holds no long strings and
 * as its UTF-8 bytes when it does; `undefined` where `JSON.stringify` gives
 * `undefined`. Throws what `JSON.stringify` throws (a cycle, a BigInt, a
 * throwing getter or `toJSON`).
 */
export function serializeJson(value: unknown): string | Buffer | undefined {
  let long = false;
  probeLeft = PROBE_BUDGET;
  try {
    long = isLongOrHolds(value);
  } catch {
    // a getter that throws: JSON.stringify below meets it and says so
  }
  if (!long) return JSON.stringify(value);
  const writer = new JsonWriter();
  try {
    if (!writer.value("", value)) return undefined;
  } catch {
    // A cycle, a getter or toJSON that threw, a stack overflow: JSON.stringify gives its own answer or error.
    return JSON.stringify(value);
  }
  return writer.bytes();
}

/** An object the walk reads itself: an ordinary array or plain object, no proxy, no `toJSON`. */
function isPlain(value: object): boolean {
  if (types.isProxy(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Array.prototype ? !Array.isArray(value) : proto !== Object.prototype && proto !== null) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/** How many more values the look for long strings may read. */
let probeLeft = 0;

/**
 * Whether a bounded sample of `value` holds a string that looks verbatim
 * (`looksVerbatim`): every value of an object, the first and last element
 * of an array, at most `PROBE_BUDGET` values in all. Cheap enough for every
 * reply (well under a microsecond for a 1 KB one). What it reads,
 * JSON.stringify reads next; a throw on the way only means "no".
 */
function isLongOrHolds(value: unknown): boolean {
  if (typeof value === "string") return looksVerbatim(value);
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    const n = value.length;
    if ((probeLeft -= 2) < 0) return false;
    return n > 0 && (isLongOrHolds(value[0]) || (n > 1 && isLongOrHolds(value[n - 1])));
  }
  for (const key in value) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === "string") {
      if (item.length >= RAW_STRING_FROM && looksVerbatim(item)) return true;
    } else if (typeof item === "object" && item !== null && isLongOrHolds(item)) return true;
    if (--probeLeft < 0) return false;
  }
  return false;
}

/** What `JSON.stringify` makes of `value` found under `key`, or undefined when it leaves it out. */
function stringifyAt(key: string, value: unknown): string | undefined {
  const text = JSON.stringify({ [key]: value });
  return text.length === 2 ? undefined : text.slice(JSON.stringify(key).length + 2, -1);
}

/**
 * A string long enough to be copied as it is, whose first `RAW_STRING_FROM`
 * characters need no escaping: what makes walking worth it. Long text with
 * newlines or quotes is JSON.stringify's work either way, so a value (or a
 * part) holding only such strings goes to JSON.stringify whole.
 */
function looksVerbatim(text: string): boolean {
  return text.length >= RAW_STRING_FROM && isPrintableAscii(text.length > RAW_STRING_FROM ? text.slice(0, RAW_STRING_FROM) : text);
}

/** How many more values `holdsOnlyShortStrings` may read. */
let shortLeft = 0;
/** How many values a part may hold to be handed to JSON.stringify whole. */
const SHORT_BUDGET = 64;

/** Whether `value` was read in full, within `shortLeft` values, and holds no string that looks verbatim. */
function holdsOnlyShortStrings(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (--shortLeft < 0 || !isShort(value[i])) return false;
    return true;
  }
  for (const key in value) if (--shortLeft < 0 || !isShort((value as Record<string, unknown>)[key])) return false;
  return true;
}

function isShort(value: unknown): boolean {
  if (typeof value === "string") return !looksVerbatim(value);
  return typeof value !== "object" || value === null || holdsOnlyShortStrings(value);
}

/** `"key":` for the keys replies repeat (step fields), made once; short keys only, and at most 1024 of them. */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key) + ":";
    if (key.length <= 64 && quotedKeys.size < 1024) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** Text parts and, between them, long ASCII strings copied as they are: texts[0] raws[0] texts[1] ... texts[n]. */
class JsonWriter {
  private readonly texts: string[] = [];
  private readonly raws: string[] = [];
  private text = "";
  private readonly stack: object[] = [];

  /** Writes `value` found under `key`; false when JSON leaves it out (undefined, a function, a symbol). */
  value(key: string, value: unknown): boolean {
    switch (typeof value) {
      case "string":
        this.string(value);
        return true;
      case "number":
        this.text += Number.isFinite(value) ? String(value) : "null";
        return true;
      case "boolean":
        this.text += value ? "true" : "false";
        return true;
      case "undefined":
      case "symbol":
        return false;
      case "object":
        if (value === null) {
          this.text += "null";
          return true;
        }
        if (isPlain(value)) {
          // A part with no long string (tool calls, info, metrics) is JSON.stringify's: the same text, made natively.
          shortLeft = SHORT_BUDGET;
          if (holdsOnlyShortStrings(value)) {
            this.text += JSON.stringify(value);
            return true;
          }
          if (this.stack.includes(value)) throw new TypeError("Converting circular structure to JSON");
          this.stack.push(value);
          if (Array.isArray(value)) this.array(value);
          else this.object(value as Record<string, unknown>);
          this.stack.pop();
          return true;
        }
      // falls through: JSON.stringify serialises what the walk does not own
      default: {
        const text = stringifyAt(key, value);
        if (text === undefined) return false;
        this.text += text;
        return true;
      }
    }
  }

  private string(value: string): void {
    if (value.length < RAW_STRING_FROM || !isPrintableAscii(value)) {
      this.text += JSON.stringify(value);
      return;
    }
    this.texts.push(this.text + '"');
    this.raws.push(value);
    this.text = '"';
  }

  private array(values: unknown[]): void {
    this.text += "[";
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.text += ",";
      if (!this.value(String(i), values[i])) this.text += "null";
    }
    this.text += "]";
  }

  private object(record: Record<string, unknown>): void {
    this.text += "{";
    let first = true;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value === undefined || typeof value === "symbol") continue;
      const before = this.text;
      this.text += first ? quotedKey(key) : "," + quotedKey(key);
      if (this.value(key, value)) first = false;
      else this.text = before;
    }
    this.text += "}";
  }

  /** The parts written into one Buffer (pooled memory: see reply-bytes.ts): text as UTF-8, the long ASCII strings copied byte for byte. */
  bytes(): Buffer {
    const texts = [...this.texts, this.text];
    let size = 0;
    for (const text of texts) size += Buffer.byteLength(text, "utf8");
    for (const raw of this.raws) size += raw.length;
    const out = takeReplyBytes(size);
    let at = 0;
    for (let i = 0; i < this.raws.length; i++) {
      at += out.write(texts[i]!, at, "utf8");
      at += out.write(this.raws[i]!, at, "latin1");
    }
    out.write(texts[texts.length - 1]!, at, "utf8");
    return out;
  }
}
