/**
 * {{title}}: the crafting world seen as pictures. Each turn the policy gets
 * the last `max_images_per_step` frames as 64x64 PNG data URLs (OpenAI
 * `image_url` content parts), plus the text map unless `image_only_mode` is
 * set. task-app runs the agent loop, judges, traces and serves it:
 * `task-app serve src/app.ts`.
 */
import { defineEnvironment } from "task-app/env";
import { craftingTaskInfo, craftingWorld } from "./crafting.js";
import { advanceView, startView, visionObservation } from "./observe.js";
import { toDataUrl } from "./png.js";
import { IMAGE_PX, renderWorld } from "./render.js";
import { describe } from "./world.js";

export default defineEnvironment({
  ...craftingWorld({
    view: startView,
    advance: advanceView,
    observe: ({ world, view }) => visionObservation(world, view),
    record: ({ world }) => ({ observation_image_data_url: toDataUrl(renderWorld(world)), text: describe(world), achievements: [...world.achievements] }),
    // Earlier frames are in the current observation already: one finished turn is kept (what the model last did and was told).
    historyTurns: 1,
  }),
  appId: "{{appId}}",
  name: "{{title}}",
  description: "A crafting world rendered as PNG observations for vision-language policies.",
  taskInfo: {
    ...craftingTaskInfo,
    task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Unlock achievements in a crafting world seen as images." },
    observation: {
      summary: "A 64x64 PNG of the map (data URL), plus the text map unless image_only_mode is set.",
      keys: ["observation_image_data_url", "text", "achievements"],
      image_shape: [IMAGE_PX, IMAGE_PX, 3],
    },
    inference: { supports_proxy: false, tool: { name: "interact", parallel_tool_calls: false }, models: ["Qwen/Qwen3-VL-4B-Instruct"] },
    capabilities: { supports_rollout: true, supports_env_lifecycle: true, requires_api_key_header: true, supports_vision: true },
  },
});
