/**
 * Which wire a `POST /rollout` body speaks, told by its shape: a
 * `trace_correlation_id` without `run_id` or `ops` is synth-ai's container
 * era; anything else is checked as 0.2.x (whose schema names what is
 * missing). Both eras are served by one app.
 */

/** The two rollout wires. */
export type Wire = "0.2" | "container";

/** Every wire the server speaks, in the order `/info` lists them. */
export const WIRES: readonly Wire[] = ["0.2", "container"];

/** The era of a parsed request body. */
export function detectWire(body: unknown): Wire {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "0.2";
  return hasOwn(body, "trace_correlation_id") && !hasOwn(body, "run_id") && !hasOwn(body, "ops") ? "container" : "0.2";
}

/** Whether `body` has `key` of its own (a function of the module: no closure per request). */
function hasOwn(body: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, key);
}
