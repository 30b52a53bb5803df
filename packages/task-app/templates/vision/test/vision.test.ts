/**
 * Vision rollouts: PNG observations as data URLs, at most
 * max_images_per_step images per turn, and image_only_mode.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { inflateSync } from "node:zlib";
import app from "../src/app.js";
import type { ContentPart } from "task-app";
import { IMAGE_PX, renderWorld } from "../src/render.js";
import { createWorld } from "../src/world.js";
import { startFakeInference, toolCallMessage, type FakeInference } from "./fake-inference.js";
import { createRolloutClient } from "./rollout-client.js";

const { rollout } = createRolloutClient(app, "vision-test");

function decodePng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.indexOf("IDAT");
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  assert.equal(raw.length, (width * 3 + 1) * height);
  return { width, height, rgb: raw };
}

describe("rendering", () => {
  it("draws a 64x64 RGB PNG that changes when the player moves", () => {
    const world = createWorld(3);
    const first = decodePng(renderWorld(world));
    assert.equal(first.width, IMAGE_PX);
    assert.equal(first.height, IMAGE_PX);
    world.facing = [-1, 0];
    assert.notDeepEqual(decodePng(renderWorld(world)).rgb, first.rgb);
  });
});

describe("vision rollouts", () => {
  let fake: FakeInference;
  before(async () => {
    fake = await startFakeInference(() => toolCallMessage("interact", { actions: ["move_left", "move_up"] }));
  });
  after(() => fake.close());

  const lastContent = (i: number) => fake.requests[i]?.messages.at(-1)?.content as ContentPart[];
  const images = (parts: ContentPart[]) => parts.filter((p) => p.type === "image_url");

  it("records the frame as a PNG data URL", async () => {
    const body = await rollout({ env: { seed: 1, config: { max_turns: 1 } } });
    const url: string = body.trajectories[0].steps[0].obs.observation_image_data_url;
    assert.match(url, /^data:image\/png;base64,/);
    decodePng(Buffer.from(url.split(",")[1] ?? "", "base64"));
  });

  it("sends text plus at most max_images_per_step images per turn", async () => {
    fake.requests.length = 0;
    await rollout({ env: { seed: 1, config: { max_turns: 3 } }, policy: { config: { inference_url: fake.url, max_images_per_step: 2 } } });
    assert.equal(fake.requests.length, 3);
    assert.deepEqual(fake.requests.map((_, i) => images(lastContent(i)).length), [1, 2, 2]);
    assert.equal(lastContent(0)[0]?.type, "text");
    for (const part of images(lastContent(2))) {
      assert.ok(part.type === "image_url" && part.image_url.url.startsWith("data:image/png;base64,"));
    }
  });

  it("keeps the frames as image parts of the traced LM calls", async () => {
    const body = await rollout({ env: { seed: 1, config: { max_turns: 2 } }, policy: { config: { inference_url: fake.url } }, record: { return_trace: true, trace_format: "full" } });
    const calls = body.trace.event_history.filter((e: { event_type: string }) => e.event_type === "cais");
    assert.equal(calls.length, 2);
    const parts = calls[1].call_records[0].input_messages.at(-1).parts;
    assert.equal(parts[0].type, "text");
    assert.match(parts[1].uri, /^data:image\/png;base64,/);
    assert.equal(parts[1].mime_type, "image/png");
  });

  it("sends only images in image_only_mode", async () => {
    fake.requests.length = 0;
    await rollout({ env: { seed: 1, config: { max_turns: 2 } }, policy: { config: { inference_url: fake.url, image_only_mode: true, use_vision: false } } });
    for (let i = 0; i < fake.requests.length; i++) {
      const parts = lastContent(i);
      assert.ok(parts.length === 1 && parts[0]?.type === "image_url");
    }
  });

  it("falls back to the text map when use_vision is false", async () => {
    fake.requests.length = 0;
    await rollout({ env: { seed: 1, config: { max_turns: 1 } }, policy: { config: { inference_url: fake.url, use_vision: false } } });
    assert.equal(typeof fake.requests[0]?.messages.at(-1)?.content, "string");
  });

  it("forwards thinking controls to the inference request", async () => {
    fake.requests.length = 0;
    await rollout({
      env: { seed: 1, config: { max_turns: 1 } },
      policy: { config: { inference_url: fake.url, thinking_mode: "think", thinking_budget: 512 } },
    });
    assert.equal(fake.requests[0]?.thinking_mode, "think");
    assert.equal(fake.requests[0]?.thinking_budget, 512);
  });
});
