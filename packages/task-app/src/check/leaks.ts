/**
 * Key-leak detection for the checker: a response leaks when it shows a
 * prefix of the key we hold (at least MIN_LEAK_PREFIX characters, or the
 * whole of a shorter key), or carries one of the fields synth-ai uses to echo
 * key prefixes. synth-ai's real leaks show 15 characters (`allowed_first15`),
 * 6 (`expected_prefix`) or half the key (soft health), so 6 catches all of
 * them, while a key that merely starts like ordinary response text ("Auth...",
 * "appli...") is not reported because of words such as "Authorization".
 */
import type { Probe } from "./http.js";

/** Response fields through which synth-ai servers echo valid-key prefixes. */
export const LEAK_FIELDS = ["allowed_first15", "expected_prefix", "expected_api_key_prefix"] as const;

/** Fewest leading key characters that count as a leak. */
export const MIN_LEAK_PREFIX = 6;

/** Describes every leak found in a probe's headers and body; empty when clean. */
export function findKeyLeaks(probe: Probe, key: string): string[] {
  const found: string[] = [];
  const haystack = `${Object.entries(probe.headers).map(([k, v]) => `${k}: ${v}`).join("\n")}\n${probe.text}`;
  const min = Math.min(MIN_LEAK_PREFIX, key.length);
  if (key && haystack.includes(key.slice(0, min))) {
    let n = min;
    while (n < key.length && haystack.includes(key.slice(0, n + 1))) n++;
    found.push(`shows the first ${n} characters of the API key`);
  }
  visit(probe.json, (name, value) => {
    if ((LEAK_FIELDS as readonly string[]).includes(name) && hasContent(value)) found.push(`has a "${name}" field`);
  });
  return found;
}

function hasContent(value: unknown): boolean {
  if (typeof value === "string") return value !== "" && value !== "<unset>";
  if (Array.isArray(value)) return value.some(hasContent);
  return value !== null && value !== undefined;
}

function visit(value: unknown, fn: (name: string, value: unknown) => void, depth = 0): void {
  if (depth > 20 || typeof value !== "object" || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    fn(k, v);
    visit(v, fn, depth + 1);
  }
}
