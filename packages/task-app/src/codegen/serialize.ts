/**
 * Stable text output for generated files: the same input gives the same
 * bytes on every machine and every run (2-space JSON, LF, final newline).
 */
import { compareCodeUnits } from "../text/compare.js";

/**
 * Keys whose object value is an ordered map, kept in insertion order: the
 * order of `properties` is the order a schema documents its keys, and the
 * order of OpenAPI `paths` is the order the reference lists them. Every other
 * object has its keys sorted.
 */
export const ORDERED_MAP_KEYS: ReadonlySet<string> = new Set(["properties", "paths"]);

/** Options for {@link serializeJson}. */
export interface SerializeOptions {
  /** Parent keys whose object values keep their key order (default {@link ORDERED_MAP_KEYS}). */
  orderedMapKeys?: ReadonlySet<string>;
}

/**
 * Returns `value` as JSON text with sorted keys (except under ordered-map
 * keys), 2-space indentation, LF line ends and a final newline. Throws on
 * values JSON cannot represent (undefined at top level, functions, bigint,
 * non-finite numbers) instead of writing them silently wrong.
 */
export function serializeJson(value: unknown, options: SerializeOptions = {}): string {
  const ordered = options.orderedMapKeys ?? ORDERED_MAP_KEYS;
  return `${JSON.stringify(normalize(value, ordered, false, "$"), null, 2)}\n`;
}

/** Returns `text` with LF line ends and exactly one final newline. */
export function normalizeText(text: string): string {
  return `${text.replace(/\r\n?/g, "\n").replace(/\n+$/, "")}\n`;
}

function normalize(value: unknown, ordered: ReadonlySet<string>, keepOrder: boolean, at: string): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${at}: ${value} has no JSON form`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => normalize(item, ordered, false, `${at}[${i}]`));
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (!keepOrder) entries.sort(([a], [b]) => compareCodeUnits(a, b));
    const out: Record<string, unknown> = {};
    for (const [key, child] of entries) {
      // `__proto__` as a plain data key must not reach the prototype setter.
      Object.defineProperty(out, key, {
        value: normalize(child, ordered, ordered.has(key), `${at}.${key}`),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  throw new TypeError(`${at}: a ${typeof value} has no JSON form`);
}
