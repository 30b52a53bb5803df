/**
 * Bounds on the shape of a JSON request body, checked on its text before it
 * is parsed: nesting depth, array lengths, object key counts, string lengths
 * and the total number of values and keys (keys cost JSON.parse the most). One pass with no allocation per value,
 * stopping at the first limit passed, so neither `JSON.parse` nor the schema
 * validation after it ever sees an unbounded body. Independent of the
 * schemas. Long bodies are scanned in slices with a turn of the event loop
 * between them, so other requests (`/health`) are answered meanwhile.
 */
import type { TaskAppLimits } from "../schemas/task-app.js";
import { formatPath } from "../config/findings.js";
import { errorReply, type Reply } from "./errors.js";

/** The limits the scan enforces (the matching keys of `TaskAppLimits`). */
export type JsonBounds = Pick<TaskAppLimits, "maxDepth" | "maxArrayLength" | "maxObjectKeys" | "maxStringLength" | "maxTotalElements">;

/** The first limit a body passes: which one, its value and where (dotted path, `[i]` for indices). */
export interface BoundsViolation {
  limit: keyof JsonBounds;
  max: number;
  path: string;
}

/** Characters scanned between two turns of the event loop. */
const SLICE = 1 << 20;
const ARRAY = 0;
const OBJECT = 1;

/** Scan state, kept across slices. */
class JsonScan {
  i = 0;
  violation: BoundsViolation | null = null;
  #depth = 0;
  #total = 0;
  #expectKey = false;
  readonly #kinds: number[] = [];
  readonly #counts: number[] = [];
  readonly #keyStarts: number[] = [];
  readonly #keyEnds: number[] = [];

  constructor(
    private readonly text: string,
    private readonly bounds: JsonBounds,
  ) {}

  get done(): boolean {
    return this.violation !== null || this.i >= this.text.length;
  }

  /** Scans up to `chars` more characters; stops early at a violation. */
  run(chars: number): void {
    const { text, bounds } = this;
    const end = Math.min(text.length, this.i + chars);
    let i = this.i;
    while (i < end && this.violation === null) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        const close = closingQuote(text, i + 1);
        const stop = close < 0 ? text.length : close;
        const top = this.#depth - 1;
        if (this.#expectKey && top >= 0 && this.#kinds[top] === OBJECT) {
          this.#expectKey = false;
          if (++this.#counts[top]! > bounds.maxObjectKeys) this.#fail("maxObjectKeys", top);
          this.#keyStarts[top] = i;
          this.#keyEnds[top] = stop + 1;
          if (this.violation === null && ++this.#total > bounds.maxTotalElements) this.#fail("maxTotalElements", this.#depth);
        } else this.#value();
        if (this.violation === null && stop - i - 1 > bounds.maxStringLength) this.#fail("maxStringLength", this.#depth);
        i = stop + 1;
      } else if (c === 0x7b || c === 0x5b) {
        this.#value();
        if (this.violation !== null) break;
        if (this.#depth >= bounds.maxDepth) {
          this.#fail("maxDepth", this.#depth);
          break;
        }
        const d = this.#depth++;
        this.#kinds[d] = c === 0x7b ? OBJECT : ARRAY;
        this.#counts[d] = 0;
        this.#expectKey = c === 0x7b;
        i++;
      } else if (c === 0x7d || c === 0x5d) {
        if (this.#depth > 0) this.#depth--;
        this.#expectKey = false;
        i++;
      } else if (c === 0x2c) {
        this.#expectKey = this.#depth > 0 && this.#kinds[this.#depth - 1] === OBJECT;
        i++;
      } else if (c === 0x3a || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
      } else {
        // A number, true, false, null, or garbage that JSON.parse will refuse.
        this.#value();
        i++;
        while (i < text.length && !isDelimiter(text.charCodeAt(i))) i++;
      }
    }
    this.i = i;
  }

  /** Counts one value at the current position against the total and its array's length. */
  #value(): void {
    const top = this.#depth - 1;
    const inArray = top >= 0 && this.#kinds[top] === ARRAY;
    if (inArray) this.#counts[top]!++;
    if (++this.#total > this.bounds.maxTotalElements) this.#fail("maxTotalElements", this.#depth);
    else if (inArray && this.#counts[top]! > this.bounds.maxArrayLength) this.#fail("maxArrayLength", top);
  }

  /** Records the violation of `limit` by the value whose path is given by the first `frames` containers. */
  #fail(limit: keyof JsonBounds, frames: number): void {
    this.violation = { limit, max: this.bounds[limit], path: this.#path(frames) };
  }

  #path(frames: number): string {
    const segments: PropertyKey[] = [];
    for (let f = 0; f < frames; f++) {
      if (this.#kinds[f] === ARRAY) segments.push(this.#counts[f]! - 1);
      else segments.push(decodeKey(this.text.slice(this.#keyStarts[f], Math.min(this.#keyEnds[f]!, this.#keyStarts[f]! + 203))));
    }
    const path = formatPath(segments);
    return path.length > 300 ? `${path.slice(0, 300)}…` : path;
  }
}

/** Index of the quote closing a string whose content starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let q = text.indexOf('"', from);
  while (q !== -1) {
    let b = q - 1;
    while (b >= from && text.charCodeAt(b) === 0x5c) b--;
    if ((q - 1 - b) % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x5d || c === 0x7d || c === 0x3a || c === 0x22 || c === 0x5b || c === 0x7b || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** A key as JSON.parse reads it; a long one (or one JSON.parse refuses) as its first 100 characters, as sent. */
function decodeKey(quoted: string): string {
  if (quoted.length > 202) return quoted.slice(1, 101);
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted.slice(1, 101);
  }
}

/**
 * Whether `text` is too short to pass any limit, whatever it holds: every
 * value and key the scan counts takes at least one character, a string's
 * content is shorter than the text, and each level of nesting opens with a
 * bracket. So a text no longer than the smallest count limit, with no more
 * brackets than `maxDepth` (not counted when the text itself is no longer),
 * passes the scan, which then has nothing to find; a short request body (the
 * usual one) is answered without scanning it.
 */
function withinBoundsByLength(text: string, bounds: JsonBounds): boolean {
  const n = text.length;
  if (n > bounds.maxStringLength || n > bounds.maxTotalElements || n > bounds.maxArrayLength || n > bounds.maxObjectKeys) return false;
  if (n <= bounds.maxDepth) return true;
  // Counted with indexOf, which searches natively (a loop over charCodeAt costs about as much as the scan).
  const most = bounds.maxDepth;
  let brackets = 0;
  for (let i = text.indexOf("{"); i !== -1; i = text.indexOf("{", i + 1)) if (++brackets > most) return false;
  for (let i = text.indexOf("["); i !== -1; i = text.indexOf("[", i + 1)) if (++brackets > most) return false;
  return true;
}

/**
 * The first limit the JSON text passes, or null. Bodies up to one slice are
 * checked synchronously; longer ones yield to the event loop between slices.
 */
export function checkJsonBounds(text: string, bounds: JsonBounds): BoundsViolation | null | Promise<BoundsViolation | null> {
  return withinBoundsByLength(text, bounds) ? null : scanJsonBounds(text, bounds);
}

/** `checkJsonBounds` without its shortcut for short texts: the scan itself, character by character. */
export function scanJsonBounds(text: string, bounds: JsonBounds): BoundsViolation | null | Promise<BoundsViolation | null> {
  const scan = new JsonScan(text, bounds);
  scan.run(SLICE);
  if (scan.done) return scan.violation;
  return (async () => {
    while (!scan.done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      scan.run(SLICE);
    }
    return scan.violation;
  })();
}

/** What each limit counts, for messages. */
const PASSED: Record<keyof JsonBounds, (max: number) => string> = {
  maxDepth: (max) => `is nested deeper than ${max} levels`,
  maxArrayLength: (max) => `has more than ${max} elements`,
  maxObjectKeys: (max) => `has more than ${max} keys`,
  maxStringLength: (max) => `is a string longer than ${max} characters`,
  maxTotalElements: (max) => `is past the ${max} values and keys a body may hold`,
};

/**
 * The reply to a violation: 413 `payload_too_large` for the size limits
 * (string length, total values), 422 `limit_exceeded` for the structural ones
 * (depth, array length, key count). Both name the path, the limit and its value.
 */
export function boundsReply(violation: BoundsViolation): Reply {
  const { limit, max, path } = violation;
  const status = limit === "maxStringLength" || limit === "maxTotalElements" ? 413 : 422;
  const message = `${path || "the body"} ${PASSED[limit](max)} (limits.${limit})`;
  return errorReply(status, status === 413 ? "payload_too_large" : "limit_exceeded", message, { limit, max, path });
}
