/**
 * SFT job payloads (CONTRACT.md §13.2): the body with its hyperparameter
 * filtering and validation defaults, dataset resolution, every SFT
 * PayloadError, and the synth-ai corpus.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { checkConfigFile } from "../src/config/check.js";
import { buildSFTPayload, checkSFTHyperparameters } from "../src/payload/index.js";
import type { SFTConfig } from "../src/schemas/sft-config.js";
import { CORPUS, corpusFiles, FIXTURES, LINE, load, NO_CORPUS, scratch, throwsPayload, workdir } from "./helpers/payload.js";

const sftFull = await load(join(FIXTURES, "sft-full.toml"), "sft");
const sftMinimal = await load(join(FIXTURES, "sft-minimal.toml"), "sft");

describe("buildSFTPayload", () => {
  test("sends n_epochs plus only the forwarded keys, validation defaults and the effective config, in synth-ai's order", () => {
    const cwd = workdir({ "data/train.jsonl": LINE, "data/val.jsonl": LINE });
    const built = buildSFTPayload(sftFull, { cwd, env: {} });
    const expected = {
      model: "Qwen/Qwen3-0.6B",
      hyperparameters: {
        n_epochs: 3,
        batch_size: 8,
        global_batch: 16,
        per_device_batch: 2,
        gradient_accumulation_steps: 4,
        sequence_length: 2048,
        learning_rate: 1e-5,
        warmup_ratio: 0.1,
        train_kind: "peft",
        parallelism: { use_deepspeed: true, deepspeed_stage: 2, bf16: true },
        evaluation_strategy: "steps",
        eval_steps: 50,
        save_best_model_at_end: true,
        metric_for_best_model: "val.loss",
        greater_is_better: false,
      },
      training_type: "sft_offline",
      metadata: {
        effective_config: {
          compute: { gpu_type: "H100", gpu_count: 2, nodes: 1 },
          data: { topology: { container_count: 1 } },
          training: { mode: "lora", use_qlora: false, validation: { enabled: true } },
        },
      },
      training_file_id: null,
    };
    assert.deepEqual(built.payload, expected);
    assert.deepEqual(Object.keys(built.payload), Object.keys(expected));
    assert.deepEqual(Object.keys(built.payload.hyperparameters), Object.keys(expected.hyperparameters));
    assert.equal(built.trainFile, join(cwd, "data/train.jsonl"));
    assert.equal(built.validationFile, join(cwd, "data/val.jsonl"));
    assert.deepEqual(built.warnings, []);
    assert.equal(built.backendBaseUrl, undefined);
  });

  test("a config with nothing optional: n_epochs 1, no validation keys, empty effective sections", () => {
    const cwd = workdir({ "train.jsonl": LINE });
    const { payload, validationFile } = buildSFTPayload(sftMinimal, { cwd, env: {} });
    assert.deepEqual(payload.hyperparameters, { n_epochs: 1 });
    assert.deepEqual(payload.metadata.effective_config, { compute: {}, data: { topology: {} }, training: {} });
    assert.equal(validationFile, undefined);
  });

  describe("validation keys", () => {
    const cases: { name: string; validation: Record<string, unknown>; hp: Record<string, unknown>; enabled: boolean }[] = [
      { name: "an empty [training.validation] gets every default", validation: {}, hp: { evaluation_strategy: "steps", eval_steps: 0, save_best_model_at_end: true, metric_for_best_model: "val.loss", greater_is_better: false }, enabled: true },
      {
        name: "given values are kept",
        validation: { enabled: false, evaluation_strategy: "epoch", eval_steps: 7, save_best_model_at_end: false, metric_for_best_model: "val.acc", greater_is_better: true },
        hp: { evaluation_strategy: "epoch", eval_steps: 7, save_best_model_at_end: false, metric_for_best_model: "val.acc", greater_is_better: true },
        enabled: false,
      },
      { name: "load_best_model_at_end is not forwarded", validation: { load_best_model_at_end: true }, hp: { evaluation_strategy: "steps", eval_steps: 0, save_best_model_at_end: true, metric_for_best_model: "val.loss", greater_is_better: false }, enabled: true },
    ];
    for (const c of cases)
      test(c.name, () => {
        const cwd = workdir({ "train.jsonl": LINE });
        const config = { ...sftMinimal, training: { validation: c.validation } } as SFTConfig;
        const { payload } = buildSFTPayload(config, { cwd, env: {} });
        assert.deepEqual(payload.hyperparameters, { n_epochs: 1, ...c.hp });
        assert.deepEqual(payload.metadata.effective_config.training, { validation: { enabled: c.enabled } });
      });
  });

  describe("dataset", () => {
    const files = { "flag.jsonl": LINE, "data.jsonl": LINE, "path.jsonl": LINE };
    const cases: { name: string; dataset?: string; job: Record<string, string>; expect: string }[] = [
      { name: "--dataset beats job.data", dataset: "flag.jsonl", job: { data: "data.jsonl", data_path: "path.jsonl" }, expect: "flag.jsonl" },
      { name: "job.data beats job.data_path", job: { data: "data.jsonl", data_path: "path.jsonl" }, expect: "data.jsonl" },
      { name: "job.data_path when nothing else", job: { data_path: "path.jsonl" }, expect: "path.jsonl" },
    ];
    for (const c of cases)
      test(c.name, () => {
        const cwd = workdir(files);
        const config = { ...sftMinimal, job: { model: "Qwen/Qwen3-0.6B", ...c.job } } as SFTConfig;
        assert.equal(buildSFTPayload(config, { dataset: c.dataset, cwd, env: {} }).trainFile, join(cwd, c.expect));
      });

    test("relative paths resolve against the working directory, not the config's directory", () => {
      const cwd = workdir({ "nested/train.jsonl": LINE });
      const config = { ...sftMinimal, job: { model: "m/m", data: "nested/train.jsonl" } } as SFTConfig;
      assert.equal(buildSFTPayload(config, { cwd, env: {} }).trainFile, join(cwd, "nested/train.jsonl"));
      throwsPayload(() => buildSFTPayload(config, { cwd: join(cwd, "nested"), env: {} }), "dataset_not_found", /nested\/nested\/train\.jsonl \(from job\.data "nested\/train\.jsonl"; relative paths resolve against the working directory/);
    });

    test("an absolute --dataset is used as is", () => {
      const cwd = workdir({ "abs.jsonl": LINE });
      assert.equal(buildSFTPayload(sftMinimal, { dataset: join(cwd, "abs.jsonl"), cwd: scratch, env: {} }).trainFile, join(cwd, "abs.jsonl"));
    });

    test("missing, not found, or a directory: clear errors", () => {
      const cwd = workdir({ "dir/x.jsonl": LINE });
      const noData = { ...sftMinimal, job: { model: "m/m" } } as SFTConfig;
      throwsPayload(() => buildSFTPayload(noData, { cwd, env: {} }), "dataset_missing", /pass --dataset or set job\.data/);
      throwsPayload(() => buildSFTPayload(sftMinimal, { cwd, env: {} }), "dataset_not_found", new RegExp(`dataset not found: ${join(cwd, "train.jsonl")} \\(from job\\.data_path`));
      throwsPayload(() => buildSFTPayload(sftMinimal, { dataset: "dir", cwd, env: {} }), "dataset_not_found", /dataset is not a file: .*\/dir \(from --dataset "dir"/);
    });

    test("a missing validation file is only a warning", () => {
      const cwd = workdir({ "data/train.jsonl": LINE });
      const built = buildSFTPayload(sftFull, { cwd, env: {} });
      assert.equal(built.validationFile, undefined);
      assert.deepEqual(built.warnings, [`validation dataset ${join(cwd, "data/val.jsonl")} not found (data.validation_path); continuing without validation`]);
      assert.equal(built.payload.hyperparameters.eval_steps, 50, "the validation settings are still sent");
    });
  });

  test("backend: --backend, else BACKEND_BASE_URL, with /api; not part of the payload", () => {
    const cwd = workdir({ "train.jsonl": LINE });
    assert.equal(buildSFTPayload(sftMinimal, { cwd, backend: "https://b.example", env: { BACKEND_BASE_URL: "https://e.example" } }).backendBaseUrl, "https://b.example/api");
    const fromEnv = buildSFTPayload(sftMinimal, { cwd, env: { BACKEND_BASE_URL: "https://e.example/api" } });
    assert.equal(fromEnv.backendBaseUrl, "https://e.example/api");
    assert.equal(JSON.stringify(fromEnv.payload).includes("e.example"), false);
  });

  test("algorithm: missing or not an SFT combination is an error", () => {
    const cwd = workdir({ "train.jsonl": LINE });
    throwsPayload(() => buildSFTPayload({ ...sftMinimal, algorithm: undefined } as unknown as SFTConfig, { cwd, env: {} }), "algorithm", /missing \[algorithm\]/);
    throwsPayload(() => buildSFTPayload({ ...sftMinimal, algorithm: { type: "offline", method: "sft", variety: "qlora" } }, { cwd, env: {} }), "algorithm", /unsupported SFT algorithm offline\/sft\/qlora/);
  });

  test("the prepare-step rules reject bad hyperparameters given through the library", () => {
    const cwd = workdir({ "train.jsonl": LINE });
    const config = { ...sftMinimal, hyperparameters: { n_epochs: 1, learning_rate: 0 } } as SFTConfig;
    throwsPayload(() => buildSFTPayload(config, { cwd, env: {} }), "hyperparameters", /hyperparameters\.learning_rate must be a number greater than zero, got 0/);
    const blank = { ...sftMinimal, job: { model: "  ", data_path: "train.jsonl" } } as SFTConfig;
    throwsPayload(() => buildSFTPayload(blank, { cwd, env: {} }), "model_missing", /job\.model is blank/);
  });

  describe("checkSFTHyperparameters", () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ["no step key", { batch_size: 1 }, /at least one of: n_epochs, total_steps, train_steps, steps/],
      ["n_epochs 0", { n_epochs: 0 }, /n_epochs must be an integer greater than zero, got 0/],
      ["a fractional batch", { n_epochs: 1, batch_size: 1.5 }, /batch_size must be an integer/],
      ["a boolean step count", { steps: true }, /steps must be an integer greater than zero, got true/],
      ["a string length", { n_epochs: 1, sequence_length: "4096" }, /sequence_length must be an integer greater than zero, got "4096"/],
      ["learning_rate negative", { n_epochs: 1, learning_rate: -1e-5 }, /learning_rate must be a number greater than zero/],
      ["warmup_ratio above 1", { n_epochs: 1, warmup_ratio: 1.5 }, /warmup_ratio must be a number between 0 and 1 inclusive, got 1.5/],
      ["train_kind not a string", { n_epochs: 1, train_kind: 3 }, /train_kind must be a string, got 3/],
    ];
    for (const [name, hp, message] of bad) test(`rejects ${name}`, () => throwsPayload(() => checkSFTHyperparameters(hp), "hyperparameters", message));

    const good: [string, Record<string, unknown>][] = [
      ["total_steps instead of n_epochs", { total_steps: 100 }],
      ["warmup_ratio at both bounds", { n_epochs: 1, warmup_ratio: 0 }],
      ["warmup_ratio 1", { n_epochs: 1, warmup_ratio: 1 }],
      ["unknown keys passed through", { n_epochs: 1, parallelism: { bf16: true }, eval_steps: 0 }],
    ];
    for (const [name, hp] of good) test(`accepts ${name}`, () => assert.doesNotThrow(() => checkSFTHyperparameters(hp)));
  });

  test("corpus lora.small: the payload synth-ai 0.2.13 would send", async (t) => {
    if (!corpusFiles) return t.skip(NO_CORPUS);
    const config = await load(join(CORPUS, "tests__artifacts__configs__lora.small.toml"), "sft");
    const cwd = workdir({ "tests/artifacts/datasets/crafter_reject_sft.small.jsonl": LINE });
    const built = buildSFTPayload(config, { cwd, env: {} });
    assert.equal(built.trainFile, join(cwd, "tests/artifacts/datasets/crafter_reject_sft.small.jsonl"));
    assert.deepEqual(built.payload, {
      model: "Qwen/Qwen3-0.6B",
      hyperparameters: {
        n_epochs: 1,
        global_batch: 4,
        per_device_batch: 1,
        gradient_accumulation_steps: 1,
        sequence_length: 1024,
        learning_rate: 5e-6,
        warmup_ratio: 0.03,
        train_kind: "peft",
        parallelism: {
          fsdp: false,
          fsdp_sharding_strategy: "full_shard",
          fsdp_auto_wrap_policy: "transformer_block",
          fsdp_use_orig_params: true,
          tensor_parallel_size: 1,
          pipeline_parallel_size: 1,
          bf16: true,
          fp16: false,
          use_deepspeed: true,
          activation_checkpointing: true,
        },
        evaluation_strategy: "steps",
        eval_steps: 100,
        save_best_model_at_end: false,
        metric_for_best_model: "val.loss",
        greater_is_better: false,
      },
      training_type: "sft_offline",
      metadata: {
        effective_config: {
          compute: { gpu_type: "H100", gpu_count: 1, nodes: 1 },
          data: { topology: { container_count: 1, gpus_per_node: 1, total_gpus: 1, nodes: 1, variant: "H100-1x" } },
          training: { mode: "lora", use_qlora: false, validation: { enabled: false } },
        },
      },
      training_file_id: null,
    });
  });

  test("every valid SFT config of the synth-ai corpus builds with --dataset", async (t) => {
    if (!corpusFiles) return t.skip(NO_CORPUS);
    const cwd = workdir({ "train.jsonl": LINE });
    let built = 0;
    for (const file of corpusFiles) {
      const check = await checkConfigFile(join(CORPUS, file));
      if (!check.ok || check.kind !== "sft") continue;
      const config = check.config as SFTConfig;
      const { payload } = buildSFTPayload(config, { dataset: "train.jsonl", cwd, env: {} });
      assert.equal(payload.model, config.job.model.trim(), file);
      const allowed = new Set(["n_epochs", "batch_size", "global_batch", "per_device_batch", "gradient_accumulation_steps", "sequence_length", "learning_rate", "warmup_ratio", "train_kind", "parallelism", "evaluation_strategy", "eval_steps", "save_best_model_at_end", "metric_for_best_model", "greater_is_better"]);
      for (const key of Object.keys(payload.hyperparameters)) assert.ok(allowed.has(key), `${file}: ${key} must not be forwarded`);
      built++;
    }
    assert.ok(built >= 6, `expected at least 6 valid SFT configs in the corpus, built ${built}`);
  });
});
