/**
 * {{title}}: a small deterministic crafting world. Each turn the policy reads
 * a text map and calls `interact` with a few actions; new achievements are
 * the rewards. Serve it with `task-app serve src/app.ts`.
 */
import { createDatasetRegistry, defineTaskApp, type TaskInfoInput } from "task-app";
import { runCraftingEpisode, worldForRequest } from "./agent.js";
import * as worldsDataset from "./datasets/worlds.js";
import { loadRubricFile } from "./episode.js";
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

/** What /task_info reports: the shared crafting fields (src/task-info.ts) plus this app's task and text observation. */
const baseTaskInfo = {
  ...craftingTaskInfo(rubrics.outcome),
  task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a small crafting world." },
  observation: { summary: "A text map with inventory and achievements.", keys: ["text", "achievements", "inventory"] },
} satisfies TaskInfoInput;

export default defineTaskApp({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A deterministic crafting world with achievements, step rewards and judge rubrics.",
  baseTaskInfo,
  datasets,
  rubrics: { outcome: rubrics.outcome.rubric, events: rubrics.events.rubric },
  provideTaskInstances: provideCraftingInstances(datasets, baseTaskInfo, (world) => ({ text: describe(world) })),
  rollout: async (request, { signal, tracer }) =>
    runCraftingEpisode(request, {
      world: await worldForRequest(datasets, request),
      rubrics,
      signal,
      tracer,
      observe: (world) => ({ role: "user", content: describe(world) }),
      record: (world) => ({ text: describe(world), inventory: { ...world.inventory }, achievements: [...world.achievements] }),
    }),
});
