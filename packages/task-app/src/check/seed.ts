/**
 * Picking a rollout seed, split and environment name from what an app
 * advertises, so the checker's rollout stays inside the app's dataset.
 */

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

/** What the checker sends in its rollout's `env`. */
export interface RolloutTarget {
  seed: number;
  split?: string;
  envName?: string;
}

/**
 * Looks through the taskset and `/info` dataset (and a `datasets` list) for
 * `default_seed`, `seeds`, `seed_range` or `seed_start`, `default_split` and an
 * environment name. Falls back to seed 0.
 */
export function pickRolloutTarget(taskset: unknown, info: unknown): RolloutTarget {
  const places: Rec[] = [];
  const add = (v: unknown) => {
    if (isRec(v)) places.push(v);
  };
  add(taskset);
  if (isRec(taskset)) {
    add(taskset.dataset);
    if (Array.isArray(taskset.datasets)) taskset.datasets.forEach(add);
  }
  if (isRec(info)) add(info.dataset);
  let seed: number | undefined;
  let split: string | undefined;
  for (const p of places) {
    seed ??= firstInt(p.default_seed) ?? firstInt(p.seeds) ?? firstInt(p.seed_range) ?? firstInt(p.seed_start);
    if (split === undefined && typeof p.default_split === "string" && p.default_split) split = p.default_split;
  }
  return { seed: seed ?? 0, split, envName: findEnvName(taskset, info) };
}

function firstInt(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  if (Array.isArray(v)) return firstInt(v[0]);
  if (isRec(v)) return firstInt(v.start ?? v.min ?? v.low);
  return undefined;
}

function findEnvName(taskset: unknown, info: unknown): string | undefined {
  for (const source of [taskset, isRec(info) ? info.service : undefined]) {
    if (!isRec(source)) continue;
    if (typeof source.environment === "string") return source.environment;
    if (Array.isArray(source.environments) && typeof source.environments[0] === "string") return source.environments[0];
    const task = source.task;
    if (isRec(task) && typeof task.id === "string") return task.id;
  }
  return undefined;
}
