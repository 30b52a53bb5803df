/**
 * {{title}}: a small deterministic crafting world. Each turn the policy reads
 * a text map and calls `interact` with a few actions; new achievements are
 * the rewards. task-app runs the agent loop, judges, traces and serves it:
 * `task-app serve src/app.ts`.
 */
import { defineEnvironment } from "task-app/env";
import { craftingTaskInfo, craftingWorld } from "./crafting.js";
import { describe } from "./world.js";

export default defineEnvironment({
  ...craftingWorld({
    view: () => null,
    observe: ({ world }) => describe(world),
    record: ({ world }) => ({ text: describe(world), inventory: { ...world.inventory }, achievements: [...world.achievements] }),
  }),
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A deterministic crafting world with achievements, step rewards and judge rubrics.",
  taskInfo: {
    ...craftingTaskInfo,
    task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a small crafting world." },
    observation: { summary: "A text map with inventory and achievements.", keys: ["text", "achievements", "inventory"] },
  },
});
