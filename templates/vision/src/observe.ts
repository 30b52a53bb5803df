/**
 * How a vision policy sees the world: OpenAI multimodal content parts with up
 * to `max_images_per_step` recent frames, and the text map unless
 * `image_only_mode` is on (which also forces vision on).
 */
import type { PolicyConfig } from "task-app";
import type { ChatMessage, ContentPart } from "./inference.js";
import { toDataUrl } from "./png.js";
import { renderWorld } from "./render.js";
import { describe, type WorldState } from "./world.js";

/** The vision switches a rollout's policy.config asks for. */
export interface VisionSettings {
  useVision: boolean;
  imageOnly: boolean;
  maxImagesPerStep: number;
}

/** Reads `use_vision` (default on), `image_only_mode` and `max_images_per_step` (default 1). */
export function visionSettings(config: PolicyConfig): VisionSettings {
  const imageOnly = config.image_only_mode === true;
  return {
    useVision: imageOnly || config.use_vision !== false,
    imageOnly,
    maxImagesPerStep: Math.max(1, config.max_images_per_step ?? 1),
  };
}

/**
 * The user message for this turn. Adds the current frame to `frames` (the
 * episode's history) and attaches the most recent `maxImagesPerStep` of them,
 * oldest first.
 */
export function visionMessage(world: WorldState, frames: string[], settings: VisionSettings): ChatMessage {
  if (!settings.useVision) return { role: "user", content: describe(world) };
  frames.push(toDataUrl(renderWorld(world)));
  const images: ContentPart[] = frames
    .slice(-settings.maxImagesPerStep)
    .map((url) => ({ type: "image_url", image_url: { url } }));
  if (settings.imageOnly) return { role: "user", content: images };
  const text = `${describe(world)}\n(The last image is the current frame: yellow is you, the dark mark shows where you face.)`;
  return { role: "user", content: [{ type: "text", text }, ...images] };
}
