/**
 * `GET /info` and `GET /task_info` bodies (CONTRACT.md §2).
 */
import { TaskInfo, type HealthResponse, type InfoResponse } from "../schemas/task-info.js";
import type { TaskApp } from "../schemas/task-app.js";
import { errorResponse, summariseIssues, toIssues } from "./errors.js";
import { WIRES } from "./wire/era.js";

/**
 * The `/health` body in both synth-ai shapes (base `{healthy, auth}`, soft
 * `{status, authorized}`) with the container era's `version`. `auth` never
 * holds any part of a key: synth-ai's `expected_prefix` (the key's first 6
 * characters) is left out on purpose (docs/rollout-wires.md).
 */
export function describeHealth(app: TaskApp): HealthResponse {
  const version = app.baseTaskInfo.task.version;
  return {
    healthy: true,
    status: "healthy",
    authorized: true,
    service: app.appId,
    ...(version ? { version } : {}),
    auth: { required: app.requireApiKey },
    rollout_wire: { preferred: app.wire, supported: [...WIRES] },
  };
}

/** The `/info` body: service identity, dataset, rubrics (null when none), inference, capabilities, limits. */
export function describeInfo(app: TaskApp): InfoResponse {
  const info = app.baseTaskInfo;
  const { outcome, events } = app.rubrics;
  return {
    service: { task: info.task, version: info.task.version ?? null },
    dataset: info.dataset,
    rubrics: outcome || events ? { outcome: outcome ?? null, events: events ?? null } : null,
    inference: info.inference,
    capabilities: info.capabilities,
    limits: info.limits,
    rollout_wire: { preferred: app.wire, supported: [...WIRES] },
  };
}

const INTEGER = /^[+-]?\d{1,16}$/;

/** Parses `seed` and `seeds` query values (repeated or comma-separated) into integers, or the bad value. */
export function parseSeeds(query: Record<string, string[]>): { seeds: number[] } | { bad: string } {
  const seeds: number[] = [];
  for (const raw of [...(query.seed ?? []), ...(query.seeds ?? [])]) {
    for (const part of raw.split(",")) {
      const text = part.trim();
      const n = Number(text);
      if (!INTEGER.test(text) || !Number.isSafeInteger(n)) return { bad: part };
      seeds.push(n);
    }
  }
  return { seeds };
}

/** The `/task_info` response: the taskset without seeds, one TaskInfo for one seed, an array for several. */
export async function describeTaskInfo(app: TaskApp, query: Record<string, string[]>): Promise<Response> {
  const parsed = parseSeeds(query);
  if ("bad" in parsed) {
    const issues = [{ path: "seed", message: `expected an integer, got ${JSON.stringify(parsed.bad.slice(0, 50))}` }];
    return errorResponse(422, "invalid_seed", issues[0]!.message, { issues });
  }
  if (parsed.seeds.length === 0) return json({ taskset: await describeTaskset(app) });
  const provided = app.provideTaskInstances
    ? [...(await app.provideTaskInstances(parsed.seeds))]
    : parsed.seeds.map((seed) => ({ ...app.baseTaskInfo, dataset: { ...app.baseTaskInfo.dataset, seed } }));
  if (provided.length !== parsed.seeds.length) {
    return errorResponse(500, "invalid_task_info", `provideTaskInstances returned ${provided.length} TaskInfo for ${parsed.seeds.length} seeds`);
  }
  const infos = [];
  for (const [i, item] of provided.entries()) {
    const checked = TaskInfo.safeParse(item);
    if (!checked.success) {
      const issues = toIssues(checked.error).map((x) => ({ ...x, path: `[${i}]${x.path ? `.${x.path}` : ""}` }));
      return errorResponse(500, "invalid_task_info", `provideTaskInstances returned an invalid TaskInfo: ${summariseIssues(issues)}`, { issues });
    }
    infos.push(checked.data);
  }
  return json(infos.length === 1 ? infos[0] : infos);
}

async function describeTaskset(app: TaskApp): Promise<Record<string, unknown>> {
  const datasets = app.datasets?.list();
  if (!app.describeTaskset) return { task: app.baseTaskInfo.task, ...(datasets ? { datasets } : {}) };
  const taskset = await app.describeTaskset();
  return datasets && !("datasets" in taskset) ? { ...taskset, datasets } : taskset;
}

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
}
