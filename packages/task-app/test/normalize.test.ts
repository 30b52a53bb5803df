/**
 * Model-implied settings: Qwen3-VL models get supports_vision,
 * max_images_per_message and vision_processor_id; -Thinking SKUs get
 * thinking_mode = "think". Nothing the user set is changed, and text models
 * get nothing.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { normalizeRLConfig, type Injection } from "../src/config/normalize.js";
import type { RLConfig } from "../src/schemas/rl-config.js";
import { edit } from "./helpers/corpus.js";

type Table = Record<string, unknown>;

const VISION = "is a Qwen3-VL vision model";

/** A minimal validated-looking RL config around `model` (or `policy`) and optional extra sections. */
function config(sections: Table): RLConfig {
  return {
    algorithm: { type: "online", method: "policy_gradient", variety: "gspo" },
    services: { task_url: "https://task.example.com" },
    ...sections,
  } as RLConfig;
}

const model = (extra: Table = {}) => ({ base: "Qwen/Qwen3-VL-4B-Instruct", trainer_mode: "lora", label: "x", ...extra });

/** Every leaf of `a` is in `b` with the same value (arrays compared whole). */
function assertKept(a: unknown, b: unknown, path = "") {
  if (a && typeof a === "object" && !Array.isArray(a)) {
    assert.ok(b && typeof b === "object" && !Array.isArray(b), `${path} is no longer a table`);
    for (const [k, v] of Object.entries(a)) assertKept(v, (b as Table)[k], path ? `${path}.${k}` : k);
  } else assert.deepEqual(b, a, `${path} changed`);
}

describe("Qwen3-VL", () => {
  test("a base Qwen3-VL model gets all three vision settings on [model]", () => {
    const { config: out, injected } = normalizeRLConfig(config({ model: model() }));
    assert.deepEqual(injected, [
      { path: "model.supports_vision", value: true, reason: `Qwen/Qwen3-VL-4B-Instruct ${VISION}` },
      { path: "model.max_images_per_message", value: 1, reason: `Qwen/Qwen3-VL-4B-Instruct ${VISION}` },
      { path: "model.vision_processor_id", value: "Qwen/Qwen3-VL-4B-Instruct", reason: `Qwen/Qwen3-VL-4B-Instruct ${VISION}; its processor is the model's own` },
    ]);
    assert.deepEqual(out.model, { ...model(), supports_vision: true, max_images_per_message: 1, vision_processor_id: "Qwen/Qwen3-VL-4B-Instruct" });
  });

  test("a fine-tuned Qwen3-VL id: the processor is the base model's", () => {
    const { config: out } = normalizeRLConfig(config({ model: { source: "ft:Qwen/Qwen3-VL-8B-Instruct:job-42", trainer_mode: "lora", label: "x" } }));
    assert.equal((out.model as Table).vision_processor_id, "Qwen/Qwen3-VL-8B-Instruct");
    assert.equal((out.model as Table).supports_vision, true);
  });

  test("the later era: settings go on [policy]", () => {
    const policy = { model_name: "Qwen/Qwen3-VL-2B-Instruct", trainer_mode: "lora", label: "x", max_tokens: 512, temperature: 0.7, top_p: 0.95, repetition_penalty: 1 };
    const { config: out, injected } = normalizeRLConfig(config({ policy }));
    assert.deepEqual(injected.map((i) => i.path), ["policy.supports_vision", "policy.max_images_per_message", "policy.vision_processor_id"]);
    assert.equal((out.policy as Table).vision_processor_id, "Qwen/Qwen3-VL-2B-Instruct");
    assert.equal(out.model, undefined);
  });

  test("model ids are matched case-insensitively", () => {
    const { injected } = normalizeRLConfig(config({ model: model({ base: "qwen/qwen3-vl-4b-instruct" }) }));
    assert.equal(injected.length, 3);
  });
});

describe("-Thinking", () => {
  test('a -Thinking text model gets thinking_mode = "think"', () => {
    const { config: out, injected } = normalizeRLConfig(config({ model: model({ base: "Qwen/Qwen3-4B-Thinking-2507" }) }));
    assert.deepEqual(injected, [{ path: "model.thinking_mode", value: "think", reason: "Qwen/Qwen3-4B-Thinking-2507 is a -Thinking model" }]);
    assert.equal((out.model as Table).thinking_mode, "think");
  });

  test("a Qwen3-VL -Thinking model gets both", () => {
    const { injected } = normalizeRLConfig(config({ model: model({ base: "Qwen/Qwen3-VL-8B-Thinking" }) }));
    assert.deepEqual(injected.map((i) => `${i.path}=${JSON.stringify(i.value)}`), [
      "model.supports_vision=true",
      "model.max_images_per_message=1",
      'model.vision_processor_id="Qwen/Qwen3-VL-8B-Thinking"',
      'model.thinking_mode="think"',
    ]);
  });
});

describe("nothing the user set is changed", () => {
  const cases: { name: string; input: RLConfig; injected: string[] }[] = [
    {
      name: "supports_vision = false on a Qwen3-VL model stays false, and no other vision setting is filled in",
      input: config({ model: model({ supports_vision: false }) }),
      injected: [],
    },
    {
      name: "max_images_per_message set in [training] is not repeated on [model]",
      input: config({ model: model(), training: { max_images_per_message: 2, supports_vision: true } }),
      injected: ["model.vision_processor_id"],
    },
    {
      name: "a processor the user chose is kept",
      input: config({ model: model({ vision_processor_id: "org/custom-processor", max_images_per_message: 4, supports_vision: true }) }),
      injected: [],
    },
    {
      name: 'rollout.thinking_mode = "no_think" on a -Thinking model',
      input: config({ model: model({ base: "Qwen/Qwen3-4B-Thinking-2507" }), rollout: { thinking_mode: "no_think" } }),
      injected: [],
    },
    {
      name: 'rollout.policy_config.thinking_mode = "no_think" on a -Thinking model',
      input: config({ model: model({ base: "Qwen/Qwen3-4B-Thinking-2507" }), rollout: { policy_config: { thinking_mode: "no_think" } } }),
      injected: [],
    },
    {
      name: 'model.thinking_mode = "no_think" on a -Thinking model',
      input: config({ model: model({ base: "Qwen/Qwen3-4B-Thinking-2507", thinking_mode: "no_think" }) }),
      injected: [],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const before = structuredClone(c.input);
      const { config: out, injected } = normalizeRLConfig(c.input);
      assert.deepEqual(injected.map((i) => i.path), c.injected);
      assertKept(before, out);
      assert.deepEqual(c.input, before, "the input object is not mutated");
    });
  }

  test("the output differs from the input by exactly the injected keys", () => {
    const input = config({ model: model({ base: "Qwen/Qwen3-VL-4B-Thinking" }), training: { batch_size: 2 } });
    const { config: out, injected } = normalizeRLConfig(input);
    const expected = structuredClone(input) as Table;
    for (const { path, value } of injected as Injection[]) {
      const [section, key] = path.split(".") as [string, string];
      (expected[section] as Table)[key] = value;
    }
    assert.deepEqual(out, expected);
  });
});

describe("no injection", () => {
  const texts = ["Qwen/Qwen3-4B", "Qwen/Qwen3-4B-Instruct-2507", "ft:Qwen/Qwen3-1.7B:job-1", "meta-llama/Llama-3.1-8B-Instruct", "local-checkpoint"];
  for (const id of texts) {
    test(`text model ${id}`, () => {
      const key = id.startsWith("ft:") ? "source" : "base";
      const input = config({ model: { [key]: id, trainer_mode: "full", label: "x" }, rollout: { env_name: "math" } });
      const { config: out, injected } = normalizeRLConfig(input);
      assert.deepEqual(injected, []);
      assert.deepEqual(out, input);
    });
  }

  test("a config that names no model", () => {
    const input = config({});
    assert.deepEqual(normalizeRLConfig(input), { config: input, injected: [] });
  });
});

describe("through checkConfigText", () => {
  const visionFixture = readFileSync(fileURLToPath(new URL("fixtures/valid/rl-vision.toml", import.meta.url)), "utf8");

  test("the vision fixture gets supports_vision and its processor; max_images_per_message stays in [training]", () => {
    const result = checkConfigText(visionFixture, { file: "rl-vision.toml" });
    assert.deepEqual(result.findings, []);
    assert.deepEqual(
      result.injected.map((i) => `${i.path}=${JSON.stringify(i.value)}`),
      ["model.supports_vision=true", 'model.vision_processor_id="Qwen/Qwen3-VL-4B-Instruct"'],
    );
    const out = result.config as { model: Table; training: Table };
    assert.equal(out.model.supports_vision, true);
    assert.equal(out.model.max_images_per_message, undefined);
    assert.equal(out.training.max_images_per_message, 1);
  });

  test("nothing is injected into a file with errors, and no config is returned", () => {
    const broken = edit(visionFixture, ["batch_size = 2", 'batch_size = "two"']);
    const result = checkConfigText(broken, { file: "rl-vision.toml" });
    assert.equal(result.ok, false);
    assert.deepEqual(result.injected, []);
    assert.equal(result.config, undefined);
  });

  test("warnings do not stop normalization", () => {
    const warned = edit(visionFixture, ["async_semaphore_max = 2", "async_semaphore_max = 8"]);
    const result = checkConfigText(warned, { file: "rl-vision.toml" });
    assert.deepEqual(result.findings.map((f) => `${f.severity} ${f.code}`), ["warning instruct_async_semaphore"]);
    assert.equal(result.injected.length, 2);
  });

  test("only RL configs are normalized", () => {
    const sft = '[algorithm]\ntype = "offline"\nmethod = "sft"\nvariety = "lora"\n\n[job]\nmodel = "Qwen/Qwen3-VL-4B-Instruct"\ndata = "d.jsonl"\n';
    const result = checkConfigText(sft, { file: "sft.toml" });
    assert.equal(result.ok, true);
    assert.deepEqual(result.injected, []);
    assert.equal((result.config as Table).model_config, undefined);
  });
});
