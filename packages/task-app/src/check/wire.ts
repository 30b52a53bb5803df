/**
 * The rollout wire `check` speaks: asked for, else what the app's `/info`
 * advertises (`rollout_wire.preferred`), else 0.2.x (synth-ai's own apps do
 * not advertise). The probe rollout's body in that era and the rules its
 * answer must meet.
 */
import { randomUUID } from "node:crypto";
import { ContainerAnswer, type Wire } from "../client/index.js";
import { RolloutResponse } from "../schemas/rollout.js";

/** Where the probe rollout goes (see `pickRolloutTarget`). */
export interface RolloutTarget {
  envName?: string | null;
  seed: number;
  split?: string | null;
}

export { wireOf } from "./wire-of.js";

/** The probe rollout's body in `wire`; its id is what the answer must echo. */
export function rolloutProbe(wire: Wire, target: RolloutTarget, maxTimeS: number): { id: string; body: string } {
  const id = `task-app-check-${randomUUID()}`;
  const env = { env_name: target.envName ?? null, seed: target.seed, config: { ...(target.split ? { split: target.split } : {}), index: target.seed } };
  const policy = { policy_id: "task-app-check", policy_name: "task-app-check", config: {} };
  if (wire === "container") return { id, body: JSON.stringify({ trace_correlation_id: id, env, policy, safety: { max_time_s: Math.max(1, Math.ceil(maxTimeS)) } }) };
  return { id, body: JSON.stringify({ run_id: id, env, policy, ops: [], mode: "eval", record: { return_trace: false }, safety: { max_time_s: maxTimeS } }) };
}

/** Malformed bodies of `wire` that must be refused with a 4xx. */
export function malformedBodies(wire: Wire): [string, string][] {
  const shared: [string, string][] = [
    ["invalid JSON", "{"],
    ["a JSON array", "[]"],
    ["an empty object", "{}"],
    ["null", "null"],
  ];
  if (wire === "container")
    return [
      ...shared,
      ["a blank trace_correlation_id", JSON.stringify({ trace_correlation_id: "  ", env: {}, policy: {} })],
      ["wrong types", JSON.stringify({ trace_correlation_id: "t", env: "x", policy: [] })],
      ["a non-integer seed", JSON.stringify({ trace_correlation_id: "t", env: { seed: "abc" }, policy: {} })],
    ];
  return [
    ...shared,
    ["wrong types", JSON.stringify({ run_id: 1, env: "x", policy: [], ops: 7 })],
    ["a non-integer seed", JSON.stringify({ run_id: "r", env: { seed: "abc" }, policy: {}, ops: [] })],
  ];
}

/** What is wrong with the probe rollout's answer beyond its schema: no echo of the id, a failure status. */
export function rolloutAnswerProblem(wire: Wire, answer: unknown, id: string): string | undefined {
  const body = answer as Record<string, unknown>;
  if (wire === "0.2") return body.run_id === id ? undefined : "run_id does not echo the request";
  if (body.trace_correlation_id !== id) return "trace_correlation_id does not echo the request";
  const status = body.success_status;
  if (status !== undefined && status !== null && status !== "success") return `success_status is ${String(status)}${typeof body.status_detail === "string" ? ` (${body.status_detail.slice(0, 200)})` : ""}`;
  return undefined;
}

/** The schema of `wire`'s answer. */
export function answerSchemaOf(wire: Wire) {
  return wire === "container" ? ContainerAnswer : RolloutResponse;
}
