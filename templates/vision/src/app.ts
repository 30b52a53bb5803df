/**
 * {{title}}: the crafting world seen as pictures. Each turn the policy gets
 * the last `max_images_per_step` frames as 64x64 PNG data URLs (OpenAI
 * `image_url` content parts), plus the text map unless `image_only_mode` is
 * set. Serve it with `task-app serve src/app.ts`.
 */
import { createDatasetRegistry, defineTaskApp, type TaskInfoInput } from "task-app";
import { INTERACT_TOOL, runCraftingEpisode, worldForRequest } from "./agent.js";
import * as worldsDataset from "./datasets/worlds.js";
import { loadRubricFile } from "./episode.js";
import { visionMessage, visionSettings } from "./observe.js";
import { IMAGE_PX, renderWorld } from "./render.js";
import { toDataUrl } from "./png.js";
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
  task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a crafting world seen as images." },
  environment: "crafting",
  environments: ["crafting"],
  action_space: { type: "tool_call", tools: [INTERACT_TOOL.function], actions: [...ACTIONS], max_actions_per_call: 5 },
  observation: {
    summary: "A 64x64 PNG of the map (data URL), plus the text map unless image_only_mode is set.",
    keys: ["observation_image_data_url", "text", "achievements"],
    image_shape: [IMAGE_PX, IMAGE_PX, 3],
  },
  dataset: { ...worldsDataset.spec },
  rubric: { version: "1", criteria_count: rubrics.outcome.rubric?.criteria.length ?? 0, source: "rubrics/outcome.json" },
  inference: { supports_proxy: false, tool: { name: "interact", parallel_tool_calls: false }, models: ["Qwen/Qwen3-VL-4B-Instruct"] },
  capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true, supports_vision: true },
  limits: { max_turns: 10, max_time_s: 600 },
  task_metadata: { achievements: [...ACHIEVEMENTS] },
} satisfies TaskInfoInput;

export default defineTaskApp({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A crafting world rendered as PNG observations for vision-language policies.",
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
          observation: { ...baseTaskInfo.observation, observation_image_data_url: toDataUrl(renderWorld(world)) },
        };
      }),
    ),
  rollout: async (request, { signal }) => {
    const settings = visionSettings(request.policy.config);
    const frames: string[] = [];
    return runCraftingEpisode(request, {
      world: await worldForRequest(datasets, request),
      rubrics,
      signal,
      observe: (world) => visionMessage(world, frames, settings),
      record: (world) => ({
        observation_image_data_url: toDataUrl(renderWorld(world)),
        text: describe(world),
        achievements: [...world.achievements],
      }),
    });
  },
});
