/**
 * Which wire a `POST /rollout` body speaks, told by its shape as synth-ai's
 * servers tell it: a body with a `trace_correlation_id` is the container
 * era (whatever else it carries: a `run_id` or `ops` beside it are extras
 * its model ignores); any other body is checked as 0.2.x (whose schema
 * names what is missing). Both eras are served by one app.
 */

/** The two rollout wires. */
export type Wire = "0.2" | "container";

/** Every wire the server speaks, in the order `/info` lists them. */
export const WIRES: readonly Wire[] = ["0.2", "container"];

/** The era of a parsed request body. */
export function detectWire(body: unknown): Wire {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "0.2";
  return hasOwn(body, "trace_correlation_id") ? "container" : "0.2";
}

/** Whether `body` has `key` of its own (a function of the module: no closure per request). */
function hasOwn(body: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, key);
}
