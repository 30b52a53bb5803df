/**
 * The conformance checker: probes a running task app over HTTP and reports
 * one named pass/fail result per contract rule (CONTRACT.md §2, §3, §5).
 * It stops early, failing, when nothing answers or the key is rejected:
 * the remaining checks would only report the same cause again (or pass on
 * answers that never came).
 */
import type { z } from "zod";
import type { Wire } from "../client/index.js";
import { AnyTaskInfo, InfoResponse, TasksetResponse } from "../schemas/task-info.js";
import { formatPath } from "../config/findings.js";
import { describeProbe, keyHeaders, sendProbe, type Probe } from "./http.js";
import { findKeyLeaks } from "./leaks.js";
import { pickRolloutTarget } from "./seed.js";
import { describeKeyRejected, describeUnreachable, keyRejected } from "./verdict.js";
import { answerSchemaOf, malformedBodies, rolloutAnswerProblem, rolloutProbe, wireOf } from "./wire.js";

/** One named rule and whether the app met it. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** All results for one app. */
export interface CheckReport {
  url: string;
  ok: boolean;
  /** The checks that ran, in CHECK_NAMES order (fewer than all when stopped). */
  results: CheckResult[];
  /** Why the checks stopped before the end: nothing answered, or the key was rejected. */
  stopped?: string;
  /** The rollout wire the rollout checks spoke (absent when they did not run). */
  wire?: Wire;
}

/** Options of `checkTaskApp`. */
export interface CheckOptions {
  /** Base URL of the task app. */
  url: string;
  /** A valid environment API key. */
  apiKey: string;
  /** Timeout of each ordinary request. Default 30 s. */
  timeoutMs?: number;
  /** Timeout of the rollout request. Default 120 s. */
  rolloutTimeoutMs?: number;
  /** The rollout wire to check (default: what the app's `/info` advertises, else "0.2"). */
  wire?: Wire;
}

/** Every check, in report order. */
export const CHECK_NAMES = [
  "health",
  "task-info",
  "refuses-missing-key",
  "refuses-wrong-key",
  "no-key-leak",
  "info-contract",
  "taskset-contract",
  "task-info-seed-contract",
  "rollout-valid",
  "malformed-body-4xx",
] as const;

const WRONG_KEY = "task-app-check-wrong-key";
const JSON_TYPE = { "content-type": "application/json" };
const refused = (p: Probe) => p.status === 400 || p.status === 401 || p.status === 403;

/** Runs every check against the app at `options.url`. */
export async function checkTaskApp(options: CheckOptions): Promise<CheckReport> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const get = (path: string, headers: Record<string, string> = {}) => sendProbe(options.url, path, { headers, timeoutMs });
  const post = (path: string, body: string, headers: Record<string, string>, t = timeoutMs) =>
    sendProbe(options.url, path, { method: "POST", body, headers: { ...JSON_TYPE, ...headers }, timeoutMs: t });
  const withKey = keyHeaders(options.apiKey);
  const results: CheckResult[] = [];
  const report = (name: (typeof CHECK_NAMES)[number], ok: boolean, detail: string) => results.push({ name, ok, detail });

  const stop = (reason: string): CheckReport => ({ url: options.url, ok: false, results, stopped: reason });

  const health = await get("/health", withKey);
  report("health", health.status === 200 && !health.error, describeProbe(health));
  if (health.status === 0) return stop(describeUnreachable(options.url, health.error));
  const taskset = await get("/task_info", withKey);
  report("task-info", taskset.status === 200 && !taskset.error, describeProbe(taskset));
  if (keyRejected(taskset)) {
    return stop(describeKeyRejected(taskset));
  }
  const info = await get("/info", withKey);
  const target = pickRolloutTarget(field(taskset.json, "taskset"), info.json);
  const wire = wireOf(info.json, options.wire);
  const probe = rolloutProbe(wire, target, (options.rolloutTimeoutMs ?? 120_000) / 1000);
  const rolloutBody = probe.body;

  const guarded = (headers: Record<string, string>) =>
    Promise.all([get("/task_info", headers), get("/info", headers), post("/rollout", rolloutBody, headers)]);
  const noKey = await guarded({});
  const wrongKey = await guarded(keyHeaders(WRONG_KEY));
  const notRefused = (ps: Probe[]) => ps.filter((p) => !refused(p)).map(describeProbe);
  const missing = notRefused(noKey);
  report("refuses-missing-key", missing.length === 0, missing.length ? `served without a key: ${missing.join("; ")}` : noKey.map(describeProbe).join("; "));
  const wrong = notRefused(wrongKey);
  report("refuses-wrong-key", wrong.length === 0, wrong.length ? `served with a wrong key: ${wrong.join("; ")}` : wrongKey.map(describeProbe).join("; "));
  const unauthorised = [...noKey, ...wrongKey, await get("/health"), await get("/health", keyHeaders(WRONG_KEY))];
  const answered = unauthorised.filter((p) => p.status !== 0);
  const leaks = answered.flatMap((p) => findKeyLeaks(p, options.apiKey).map((l) => `${describeProbe(p)} ${l}`));
  const leakDetail = leaks.length ? leaks.join("; ") : answered.length ? `${answered.length} refused or unauthenticated answers checked` : "no answers to check";
  report("no-key-leak", answered.length > 0 && leaks.length === 0, leakDetail);

  report("info-contract", ...conforms(info, InfoResponse));
  report("taskset-contract", ...conforms(taskset, TasksetResponse));
  const one = await get(`/task_info?seed=${target.seed}`, withKey);
  const two = await get(`/task_info?seed=${target.seed}&seed=${target.seed}`, withKey);
  const [oneOk, oneDetail] = Array.isArray(one.json) ? [false, `${describeProbe(one)}: one seed gave an array`] : conforms(one, AnyTaskInfo);
  const twoOk = two.status === 200 && Array.isArray(two.json) && two.json.length === 2 && two.json.every((t) => AnyTaskInfo.safeParse(t).success);
  report("task-info-seed-contract", oneOk && twoOk, oneOk && !twoOk ? `${describeProbe(two)}: two seeds did not give an array of two TaskInfo` : `seed ${target.seed}: ${oneDetail}`);

  const rollout = await post("/rollout", rolloutBody, withKey, options.rolloutTimeoutMs ?? 120_000);
  const [rolloutOk, rolloutDetail] = conforms(rollout, answerSchemaOf(wire));
  const problem = rolloutOk ? rolloutAnswerProblem(wire, rollout.json, probe.id) : undefined;
  report("rollout-valid", rolloutOk && !problem, `${wire} wire: ${rolloutDetail}${problem ? `, but ${problem}` : ""}`);

  const malformed = malformedBodies(wire).map(([what, body]) => [what, body, withKey] as const);
  const badAnswers = await Promise.all(malformed.map(([, body, headers]) => post("/rollout", body, headers)));
  const textPlain = await sendProbe(options.url, "/rollout", { method: "POST", body: "hello", headers: { ...withKey, "content-type": "text/plain" }, timeoutMs });
  const all = [...badAnswers.map((p, i) => [malformed[i]![0], p] as const), ["a text/plain body", textPlain] as const];
  const not4xx = all.filter(([, p]) => p.status < 400 || p.status >= 500).map(([what, p]) => `${what}: ${describeProbe(p)}`);
  report("malformed-body-4xx", not4xx.length === 0, not4xx.length ? not4xx.join("; ") : `${all.length} malformed bodies refused with ${[...new Set(all.map(([, p]) => p.status))].join("/")}`);

  return { url: options.url, ok: results.every((r) => r.ok), results, wire };
}

/** 200 and a body matching the schema; otherwise the status or the first issues. */
function conforms(probe: Probe, schema: z.ZodType): [boolean, string] {
  if (probe.status !== 200 || probe.error) return [false, `${describeProbe(probe)}${probe.text ? `: ${probe.text.slice(0, 200)}` : ""}`];
  const parsed = schema.safeParse(probe.json);
  if (parsed.success) return [true, `${describeProbe(probe)}, body matches the contract`];
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${formatPath(i.path) || "(body)"}: ${i.message}`);
  return [false, `${describeProbe(probe)}, body breaks the contract: ${issues.join("; ")}`];
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
