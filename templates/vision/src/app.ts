/**
 * {{title}}: the crafting world seen as pictures. Each turn the policy gets
 * the last `max_images_per_step` frames as 64x64 PNG data URLs (OpenAI
 * `image_url` content parts), plus the text map unless `image_only_mode` is
 * set. Serve it with `task-app serve src/app.ts`.
 */
import { createDatasetRegistry, defineTaskApp, type TaskInfoInput } from "task-app";
import { runCraftingEpisode, worldForRequest } from "./agent.js";
import * as worldsDataset from "./datasets/worlds.js";
import { loadRubricFile } from "./episode.js";
import { visionMessage, visionSettings } from "./observe.js";
import { IMAGE_PX, renderWorld } from "./render.js";
import { toDataUrl } from "./png.js";
import { craftingTaskInfo, provideCraftingInstances } from "./task-info.js";
import { describe } from "./world.js";

/** Datasets the app draws maps from. `task-app add dataset <id>` registers more here. */
export const datasets = createDatasetRegistry();
datasets.register(worldsDataset.spec, worldsDataset.load);

/** Rubrics every rollout is judged against. `task-app add rubric <name>` adds entries here. */
export const rubrics = {
  outcome: await loadRubricFile("outcome"),
  events: await loadRubricFile("events"),
};

const crafting = craftingTaskInfo(rubrics.outcome);

/** What /task_info reports: the shared crafting fields (src/task-info.ts) plus this app's task, image observation and vision model. */
const baseTaskInfo = {
  ...crafting,
  task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a crafting world seen as images." },
  observation: {
    summary: "A 64x64 PNG of the map (data URL), plus the text map unless image_only_mode is set.",
    keys: ["observation_image_data_url", "text", "achievements"],
    image_shape: [IMAGE_PX, IMAGE_PX, 3],
  },
  inference: { ...crafting.inference, models: ["Qwen/Qwen3-VL-4B-Instruct"] },
  capabilities: { ...crafting.capabilities, supports_vision: true },
} satisfies TaskInfoInput;

export default defineTaskApp({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A crafting world rendered as PNG observations for vision-language policies.",
  baseTaskInfo,
  datasets,
  rubrics: { outcome: rubrics.outcome.rubric, events: rubrics.events.rubric },
  provideTaskInstances: provideCraftingInstances(datasets, baseTaskInfo, (world) => ({
    observation_image_data_url: toDataUrl(renderWorld(world)),
  })),
  rollout: async (request, { signal, tracer }) => {
    const settings = visionSettings(request.policy.config);
    const frames: string[] = [];
    return runCraftingEpisode(request, {
      world: await worldForRequest(datasets, request),
      rubrics,
      signal,
      tracer,
      observe: (world) => visionMessage(world, frames, settings),
      record: (world) => ({
        observation_image_data_url: toDataUrl(renderWorld(world)),
        text: describe(world),
        achievements: [...world.achievements],
      }),
    });
  },
});
