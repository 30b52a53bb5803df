/**
 * {{title}}: a small deterministic crafting world. Each turn the policy reads
 * a text map and calls `interact` with a few actions; new achievements are
 * the rewards. Serve it with `task-app serve src/app.ts`.
 */
import { createDatasetRegistry, defineTaskApp, type TaskInfoInput } from "task-app";
import { INTERACT_TOOL, runCraftingEpisode, worldForRequest } from "./agent.js";
import * as worldsDataset from "./datasets/worlds.js";
import { loadRubricFile } from "./episode.js";
import { ACHIEVEMENTS, ACTIONS, describe } from "./world.js";

/** Datasets the app draws maps from. `task-app add dataset <id>` registers more here. */
export const datasets = createDatasetRegistry();
datasets.register(worldsDataset.spec, worldsDataset.load);

/** Rubrics every rollout is judged against. `task-app add rubric <name>` adds entries here. */
export const rubrics = {
  outcome: await loadRubricFile("outcome"),
  events: await loadRubricFile("events"),
};

const baseTaskInfo = {
  task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a small crafting world." },
  environment: "crafting",
  environments: ["crafting"],
  action_space: { type: "tool_call", tools: [INTERACT_TOOL.function], actions: [...ACTIONS], max_actions_per_call: 5 },
  observation: { summary: "A text map with inventory and achievements.", keys: ["text", "achievements", "inventory"] },
  dataset: { ...worldsDataset.spec },
  rubric: { version: "1", criteria_count: rubrics.outcome.rubric?.criteria.length ?? 0, source: "rubrics/outcome.json" },
  inference: { supports_proxy: false, tool: { name: "interact", parallel_tool_calls: false } },
  capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
  limits: { max_turns: 10, max_time_s: 600 },
  task_metadata: { achievements: [...ACHIEVEMENTS] },
} satisfies TaskInfoInput;

export default defineTaskApp({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A deterministic crafting world with achievements, step rewards and judge rubrics.",
  baseTaskInfo,
  datasets,
  rubrics: { outcome: rubrics.outcome.rubric, events: rubrics.events.rubric },
  provideTaskInstances: async (seeds) =>
    Promise.all(
      seeds.map(async (seed) => {
        const world = await worldForRequest(datasets, { env: { config: {}, seed } });
        return {
          ...baseTaskInfo,
          dataset: { ...baseTaskInfo.dataset, seed, world_seed: world.seed },
          observation: { ...baseTaskInfo.observation, text: describe(world) },
        };
      }),
    ),
  rollout: async (request, { signal }) =>
    runCraftingEpisode(request, {
      world: await worldForRequest(datasets, request),
      rubrics,
      signal,
      observe: (world) => ({ role: "user", content: describe(world) }),
      record: (world) => ({ text: describe(world), inventory: { ...world.inventory }, achievements: [...world.achievements] }),
    }),
});
