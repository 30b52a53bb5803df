/**
 * How a vision policy sees the world: OpenAI content parts with up to
 * `max_images_per_step` recent frames, and the text map unless
 * `image_only_mode` is on (which also forces vision on).
 */
import type { ContentPart, Observation, PolicyConfig } from "task-app/env";
import { toDataUrl } from "./png.js";
import { renderWorld } from "./render.js";
import { describe, type WorldState } from "./world.js";

/** The vision switches a rollout's policy.config asks for. */
export interface VisionSettings {
  useVision: boolean;
  imageOnly: boolean;
  maxImagesPerStep: number;
}

/** What an episode's view keeps: the settings, and the most recent frames as PNG data URLs (oldest first). */
export interface VisionView {
  settings: VisionSettings;
  frames: string[];
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

/** The view an episode starts with: the first frame, when vision is on. */
export function startView(config: PolicyConfig, world: WorldState): VisionView {
  const settings = visionSettings(config);
  return { settings, frames: settings.useVision ? [toDataUrl(renderWorld(world))] : [] };
}

/** The view once the world changed: its frame added, the oldest beyond `max_images_per_step` dropped. */
export function advanceView(view: VisionView, world: WorldState): VisionView {
  if (!view.settings.useVision) return view;
  return { ...view, frames: [...view.frames, toDataUrl(renderWorld(world))].slice(-view.settings.maxImagesPerStep) };
}

/** This turn's observation: the recent frames as image parts, after the text map unless image_only_mode. */
export function visionObservation(world: WorldState, view: VisionView): Observation {
  if (!view.settings.useVision) return describe(world);
  const images: ContentPart[] = view.frames.map((url) => ({ type: "image_url", image_url: { url } }));
  if (view.settings.imageOnly) return images;
  const text = `${describe(world)}\n(The last image is the current frame: yellow is you, the dark mark shows where you face.)`;
  return [{ type: "text", text }, ...images];
}
