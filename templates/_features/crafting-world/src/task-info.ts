/**
 * The task info every crafting app shares: the `interact` action space, the
 * worlds dataset, the rubric, limits and achievements. src/app.ts adds what
 * its own observation looks like (text map, image, ...).
 */
import type { ProvideTaskInstances, TaskDatasetRegistry, TaskInfoInput } from "task-app";
import { INTERACT_TOOL, worldForRequest } from "./agent.js";
import { spec as worldsSpec } from "./datasets/worlds.js";
import type { JudgeRubric } from "./episode.js";
import { ACHIEVEMENTS, ACTIONS, type WorldState } from "./world.js";

/** The shared part of a crafting app's `baseTaskInfo`; `outcome` is the rubric counted in `rubric.criteria_count`. */
export function craftingTaskInfo(outcome: JudgeRubric) {
  return {
    environment: "crafting",
    environments: ["crafting"],
    action_space: { type: "tool_call", tools: [INTERACT_TOOL.function], actions: [...ACTIONS], max_actions_per_call: 5 },
    dataset: { ...worldsSpec },
    rubric: { version: "1", criteria_count: outcome.rubric?.criteria.length ?? 0, source: "rubrics/outcome.json" },
    inference: { supports_proxy: false, tool: { name: "interact", parallel_tool_calls: false } },
    capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
    limits: { max_turns: 10, max_time_s: 600 },
    task_metadata: { achievements: [...ACHIEVEMENTS] },
  } satisfies Omit<TaskInfoInput, "task" | "observation">;
}

/**
 * `provideTaskInstances` for a crafting app: each seed's task info is
 * `baseTaskInfo` naming that seed's map, with `observe(world)` added to its
 * observation.
 */
export function provideCraftingInstances(
  datasets: TaskDatasetRegistry,
  baseTaskInfo: TaskInfoInput,
  observe: (world: WorldState) => Record<string, unknown>,
): ProvideTaskInstances {
  return (seeds) =>
    Promise.all(
      seeds.map(async (seed) => {
        const world = await worldForRequest(datasets, { env: { config: {}, seed } });
        return {
          ...baseTaskInfo,
          dataset: { ...baseTaskInfo.dataset, seed, world_seed: world.seed },
          observation: { ...baseTaskInfo.observation, ...observe(world) },
        };
      }),
    );
}
