/**
 * Job payloads (CONTRACT.md §12, §13.2): the RL envelope and its precedence
 * rules, the SFT body with its hyperparameter filtering and validation
 * defaults, every PayloadError, and `task-app payload` end to end.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { checkConfigFile } from "../src/config/check.js";
import { corpusDir } from "./helpers/corpus.js";
import { buildRLPayload, buildSFTPayload, checkSFTHyperparameters, ensureApiBase, PayloadError, type PayloadErrorCode } from "../src/payload/index.js";
import type { RLConfig } from "../src/schemas/rl-config.js";
import type { SFTConfig } from "../src/schemas/sft-config.js";
import { runCli } from "./helpers/run-cli.js";

const FIXTURES = resolve("test/fixtures/payload");
const CORPUS = join(corpusDir(), "configs");
const corpusFiles = (() => {
  try {
    return readdirSync(CORPUS).filter((f) => f.endsWith(".toml")).sort();
  } catch {
    return undefined;
  }
})();
const NO_CORPUS = `synth-ai compat corpus not found at ${CORPUS} (set SYNTH_AI_COMPAT_DIR)`;

const scratch = mkdtempSync(join(tmpdir(), "task-app-payload-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh directory with the given files (relative path → contents). */
function workdir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(scratch, "cwd-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A JSON round trip: what a value looks like once sent (undefined values gone). */
const plain = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

const LINE = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}\n';

async function load<K extends "rl" | "sft">(path: string, kind: K): Promise<K extends "rl" ? RLConfig : SFTConfig> {
  const check = await checkConfigFile(path, { kind });
  assert.ok(check.ok, `${path} should be valid:\n${check.findings.map((f) => f.message).join("\n")}`);
  return check.config as K extends "rl" ? RLConfig : SFTConfig;
}

function throwsPayload(fn: () => unknown, code: PayloadErrorCode, message: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof PayloadError, `expected a PayloadError, got ${String(e)}`);
    assert.equal(e.code, code);
    assert.match(e.message, message);
    return true;
  });
}

const rlModel = await load(join(FIXTURES, "rl-model.toml"), "rl");
const rlPolicy = await load(join(FIXTURES, "rl-policy.toml"), "rl");
const sftFull = await load(join(FIXTURES, "sft-full.toml"), "sft");
const sftMinimal = await load(join(FIXTURES, "sft-minimal.toml"), "sft");

describe("buildRLPayload", () => {
  test("builds the envelope: compute copy, whole config, base_model, fixed tags, no metadata", () => {
    const { payload, taskUrl } = buildRLPayload(rlModel, { env: {} });
    assert.equal(taskUrl, "https://file.example.com/");
    assert.deepEqual(Object.keys(payload), ["job_type", "compute", "data", "tags"]);
    assert.equal(payload.job_type, "rl");
    assert.deepEqual(payload.compute, { gpu_type: "H100", gpu_count: 4 });
    assert.deepEqual(Object.keys(payload.data), ["endpoint_base_url", "config", "base_model"]);
    assert.equal(payload.data.endpoint_base_url, "https://file.example.com");
    assert.equal(payload.data.base_model, "Qwen/Qwen3-4B");
    assert.deepEqual(payload.tags, { source: "train-cli" });
    assert.deepEqual(payload.data.config.tags, { experiment: "payload" });
    assert.deepEqual(payload.data.config, { ...rlModel, reference: { placement: "none" } });
  });

  test("leaves the input config untouched", () => {
    const before = structuredClone(rlPolicy);
    buildRLPayload(rlPolicy, { taskUrl: "https://other.example", env: {} });
    assert.deepEqual(rlPolicy, before);
  });

  test("drops undefined values at every depth", () => {
    const config = { ...rlModel, vllm: { ...rlModel.vllm, max_num_seqs: undefined }, judge: undefined } as RLConfig;
    const { config: sent } = buildRLPayload(config, { env: {} }).payload.data;
    assert.equal("judge" in sent, false);
    assert.equal("max_num_seqs" in (sent.vllm ?? {}), false);
  });

  describe("task URL precedence", () => {
    const cases: { name: string; taskUrl?: string; env: NodeJS.ProcessEnv; services: string; endpoint: string }[] = [
      { name: "--task-url beats TASK_APP_URL and the file", taskUrl: "https://flag.example/", env: { TASK_APP_URL: "https://env.example" }, services: "https://flag.example/", endpoint: "https://flag.example" },
      { name: "TASK_APP_URL beats the file", env: { TASK_APP_URL: "https://env.example/x" }, services: "https://env.example/x", endpoint: "https://env.example/x" },
      { name: "services.task_url when nothing overrides it", env: {}, services: "https://file.example.com/", endpoint: "https://file.example.com" },
      { name: "an empty --task-url counts as not given", taskUrl: "", env: { TASK_APP_URL: "https://env.example" }, services: "https://env.example", endpoint: "https://env.example" },
      { name: "an empty TASK_APP_URL counts as not given", env: { TASK_APP_URL: "" }, services: "https://file.example.com/", endpoint: "https://file.example.com" },
      { name: "the URL is trimmed; every trailing / leaves the endpoint", taskUrl: "  https://flag.example/api//  ", env: {}, services: "https://flag.example/api//", endpoint: "https://flag.example/api" },
    ];
    for (const c of cases)
      test(c.name, () => {
        const { payload, taskUrl } = buildRLPayload(rlModel, { taskUrl: c.taskUrl, env: c.env });
        assert.equal(taskUrl, c.services);
        assert.equal(payload.data.config.services.task_url, c.services);
        assert.equal(payload.data.endpoint_base_url, c.endpoint);
      });

    test("reads process.env when no env is passed", () => {
      const saved = process.env.TASK_APP_URL;
      process.env.TASK_APP_URL = "https://process-env.example";
      try {
        assert.equal(buildRLPayload(rlModel).payload.data.endpoint_base_url, "https://process-env.example");
      } finally {
        if (saved === undefined) delete process.env.TASK_APP_URL;
        else process.env.TASK_APP_URL = saved;
      }
    });

    test("a blank URL is an error, not a fallback", () => {
      throwsPayload(() => buildRLPayload(rlModel, { taskUrl: "   ", env: {} }), "task_url_missing", /from --task-url is blank/);
      throwsPayload(() => buildRLPayload(rlModel, { env: { TASK_APP_URL: " \t" } }), "task_url_missing", /from TASK_APP_URL is blank/);
    });

    test("no URL anywhere is an error", () => {
      const config = { ...rlModel, services: { task_url: "" } } as RLConfig;
      throwsPayload(() => buildRLPayload(config, { env: {} }), "task_url_missing", /pass --task-url, set TASK_APP_URL or set services\.task_url/);
    });

    test("an override that is not an http(s) URL is an error naming its source", () => {
      throwsPayload(() => buildRLPayload(rlModel, { env: { TASK_APP_URL: "localhost:8000" } }), "task_url_invalid", /TASK_APP_URL must be an http:\/\/ or https:\/\/ URL, got "localhost:8000"/);
    });
  });

  describe("model", () => {
    const cases: { name: string; config: RLConfig; model?: string; expect: Record<string, string> }[] = [
      { name: "[model].base → base_model", config: rlModel, expect: { base_model: "Qwen/Qwen3-4B" } },
      { name: "[model].source → model", config: { ...rlModel, model: { ...rlModel.model!, base: undefined, source: " ft:Qwen/Qwen3-4B:job-1 " } }, expect: { model: "ft:Qwen/Qwen3-4B:job-1" } },
      { name: "--model replaces [model].base", config: rlModel, model: "ft:Qwen/Qwen3-4B:job-2", expect: { model: "ft:Qwen/Qwen3-4B:job-2" } },
      { name: "[policy].model_name → base_model", config: rlPolicy, expect: { base_model: "Qwen/Qwen3-4B" } },
      { name: "[policy].source → model", config: { ...rlPolicy, policy: { ...rlPolicy.policy!, model_name: undefined, source: "rl:Qwen/Qwen3-4B:job-3" } }, expect: { model: "rl:Qwen/Qwen3-4B:job-3" } },
      { name: "--model replaces [policy].model_name", config: rlPolicy, model: "ft:Qwen/Qwen3-4B:job-4", expect: { model: "ft:Qwen/Qwen3-4B:job-4" } },
      { name: "a blank --model is ignored", config: rlModel, model: "  ", expect: { base_model: "Qwen/Qwen3-4B" } },
    ];
    for (const c of cases)
      test(c.name, () => {
        const { data } = buildRLPayload(c.config, { model: c.model, env: {} }).payload;
        const { endpoint_base_url: _url, config: sent, ...modelFields } = data;
        assert.deepEqual(modelFields, c.expect);
        // As in synth-ai, the override changes only the envelope: the config keeps its own model table.
        assert.deepEqual(sent.model, plain(c.config.model));
        assert.deepEqual(sent.policy, plain(c.config.policy));
      });

    test("neither, both, or both eras at once are errors", () => {
      throwsPayload(() => buildRLPayload({ ...rlModel, model: undefined }, { env: {} }), "model_missing", /missing \[model\] \(or \[policy\]\)/);
      throwsPayload(() => buildRLPayload({ ...rlModel, model: { ...rlModel.model!, base: " " } }, { env: {} }), "model_missing", /exactly one of model\.source .* or model\.base .*neither is set/);
      throwsPayload(() => buildRLPayload({ ...rlModel, model: { ...rlModel.model!, source: "ft:a/b:c" } }, { env: {} }), "model_ambiguous", /both are set/);
      throwsPayload(() => buildRLPayload({ ...rlModel, policy: rlPolicy.policy }, { env: {} }), "model_ambiguous", /\[model\] or \[policy\], not both/);
      throwsPayload(() => buildRLPayload({ ...rlPolicy, policy: { ...rlPolicy.policy!, source: "ft:a/b:c" } }, { env: {} }), "model_ambiguous", /policy\.source .* or policy\.model_name/);
    });
  });

  describe("backend", () => {
    const cases: { name: string; backend?: string; env: NodeJS.ProcessEnv; expect?: string }[] = [
      { name: "no backend: no metadata", env: {} },
      { name: "--backend gets /api", backend: "https://flag.example", env: {}, expect: "https://flag.example/api" },
      { name: "--backend beats BACKEND_BASE_URL", backend: "https://flag.example/", env: { BACKEND_BASE_URL: "https://env.example" }, expect: "https://flag.example/api" },
      { name: "BACKEND_BASE_URL when no --backend", env: { BACKEND_BASE_URL: "https://env.example/v1" }, expect: "https://env.example/v1/api" },
      { name: "/api is not doubled", backend: "https://flag.example/api/", env: {}, expect: "https://flag.example/api" },
    ];
    for (const c of cases)
      test(c.name, () => {
        const { payload } = buildRLPayload(rlModel, { backend: c.backend, env: c.env });
        assert.deepEqual(payload.metadata, c.expect ? { backend_base_url: c.expect } : undefined);
        assert.equal("metadata" in payload, c.expect !== undefined);
      });

    test("a backend that is not a URL is an error", () => {
      throwsPayload(() => buildRLPayload(rlModel, { backend: "prod", env: {} }), "backend_invalid", /--backend must be an http/);
    });

    test("ensureApiBase matches synth-ai's ensure_api_base", () => {
      assert.equal(ensureApiBase("https://a.example"), "https://a.example/api");
      assert.equal(ensureApiBase("https://a.example///"), "https://a.example/api");
      assert.equal(ensureApiBase("https://a.example/api"), "https://a.example/api");
      assert.equal(ensureApiBase("https://a.example/apiv2"), "https://a.example/apiv2/api");
    });
  });

  describe("[reference] injection", () => {
    test("absent: {placement: none}", () => {
      assert.deepEqual(buildRLPayload(rlModel, { env: {} }).payload.data.config.reference, { placement: "none" });
    });
    test("present without placement: placement none added, other keys kept", () => {
      assert.deepEqual(buildRLPayload(rlPolicy, { env: {} }).payload.data.config.reference, { port: 8002, placement: "none" });
    });
    test("present with placement: unchanged", () => {
      const config = { ...rlModel, reference: { placement: "dedicated", port: 8002 } } as RLConfig;
      assert.deepEqual(buildRLPayload(config, { env: {} }).payload.data.config.reference, { placement: "dedicated", port: 8002 });
    });
  });

  test("an algorithm other than online/policy_gradient/gspo is an error", () => {
    const config = { ...rlModel, algorithm: { type: "online", method: "ppo", variety: "gspo" } };
    throwsPayload(() => buildRLPayload(config, { env: {} }), "algorithm", /unsupported RL algorithm online\/ppo\/gspo/);
    const mixedCase = { ...rlModel, algorithm: { type: " Online", method: "POLICY_GRADIENT", variety: "GSPO " } };
    assert.doesNotThrow(() => buildRLPayload(mixedCase, { env: {} }));
  });

  test("every valid RL config of the synth-ai corpus builds", async (t) => {
    if (!corpusFiles) return t.skip(NO_CORPUS);
    let built = 0;
    for (const file of corpusFiles) {
      const check = await checkConfigFile(join(CORPUS, file));
      if (!check.ok || check.kind !== "rl") continue;
      const config = check.config as RLConfig;
      const { payload } = buildRLPayload(config, { taskUrl: "https://corpus.example/", env: {} });
      assert.equal(payload.data.endpoint_base_url, "https://corpus.example", file);
      assert.deepEqual(payload.compute, config.compute ?? {}, file);
      assert.equal(typeof (payload.data.model ?? payload.data.base_model), "string", file);
      assert.ok(payload.data.config.reference?.placement, file);
      assert.deepEqual(JSON.parse(JSON.stringify(payload)), payload, `${file}: the payload is plain JSON`);
      built++;
    }
    assert.ok(built >= 8, `expected at least 8 valid RL configs in the corpus, built ${built}`);
  });

  test("corpus rl_from_base_qwen4b keeps its dedicated reference; the NEW_FORMAT [policy] file sends base_model", async (t) => {
    if (!corpusFiles) return t.skip(NO_CORPUS);
    const qwen4b = await load(join(CORPUS, "examples__warming_up_to_rl__configs__rl_from_base_qwen4b.toml"), "rl");
    const a = buildRLPayload(qwen4b, { env: {} }).payload;
    assert.equal(a.data.endpoint_base_url, "https://synth-laboratories--grpo-crafter-task-app-final-warming--ceb5b2.modal.run");
    assert.deepEqual(a.data.config.reference, { placement: "dedicated", port: 8002, tp: 1, health_max_wait_s: 180, health_interval_ms: 300 });
    assert.deepEqual(a.compute, { gpu_type: "H100", gpu_count: 8 });
    assert.equal(a.data.base_model, "Qwen/Qwen3-4B");
    const newFormat = await load(join(CORPUS, "examples__multi_step__configs__crafter_rl_stepwise_simple_NEW_FORMAT.toml"), "rl");
    const b = buildRLPayload(newFormat, { model: "ft:Qwen/Qwen3-4B:abc", env: {} }).payload;
    assert.equal(b.data.model, "ft:Qwen/Qwen3-4B:abc");
    assert.equal(b.data.base_model, undefined);
    assert.deepEqual(b.compute.topology, newFormat.compute?.topology);
    assert.deepEqual(b.data.config.reference, { placement: "none" });
  });
});

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

describe("task-app payload", () => {
  /** Runs the CLI with TASK_APP_URL/BACKEND_BASE_URL set as given (and unset otherwise). */
  async function run(argv: string[], env: Record<string, string> = {}, cwd?: string) {
    const keys = ["TASK_APP_URL", "BACKEND_BASE_URL"];
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    for (const k of keys) delete process.env[k];
    Object.assign(process.env, env);
    try {
      return await runCli(["payload", ...argv], cwd);
    } finally {
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }

  test("prints the RL payload as pretty JSON, identical to the library's", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-model.toml"), "--task-url", "https://flag.example/", "--backend", "https://b.example"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    const expected = buildRLPayload(rlModel, { taskUrl: "https://flag.example/", backend: "https://b.example", env: {} }).payload;
    assert.equal(r.stdout, `${JSON.stringify(expected, null, 2)}\n`);
  });

  test("reads TASK_APP_URL from the environment; --model replaces the base", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-policy.toml"), "--model", "ft:Qwen/Qwen3-4B:x"], { TASK_APP_URL: "https://env.example" });
    assert.equal(r.code, 0, r.stderr);
    const payload = JSON.parse(r.stdout);
    assert.equal(payload.data.endpoint_base_url, "https://env.example");
    assert.equal(payload.data.model, "ft:Qwen/Qwen3-4B:x");
    assert.equal(payload.data.base_model, undefined);
  });

  test("prints the SFT payload, resolving the dataset against the working directory; warnings go to stderr", async () => {
    const cwd = workdir({ "data/train.jsonl": LINE });
    const r = await run(["sft", join(FIXTURES, "sft-full.toml")], {}, cwd);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hyperparameters.n_epochs, 3);
    assert.match(r.stderr, /test\/fixtures\/payload\/sft-full\.toml:41:1: warning: hyperparameters\.weight_decay: /);
    assert.match(r.stderr, /task-app: warning: validation dataset .*data\/val\.jsonl not found/);
  });

  test("an invalid config: findings on stderr, nothing on stdout, exit 1", async () => {
    const dir = workdir({ "bad.toml": '[algorithm]\ntype = "online"\nmethod = "policy_gradient"\nvariety = "gspo"\n\n[services]\ntask_url = 42\n' });
    const r = await run(["rl", join(dir, "bad.toml")]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /bad\.toml:7:1\d?: error: services\.task_url: /);
  });

  test("a payload error is one clear line with no stack trace, exit 1", async () => {
    const cwd = workdir();
    const r = await run(["sft", join(FIXTURES, "sft-minimal.toml")], {}, cwd);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, `task-app: cannot build the sft payload: dataset not found: ${join(cwd, "train.jsonl")} (from job.data_path "train.jsonl"; relative paths resolve against the working directory ${cwd})\n`);
  });

  test("an option for the other job kind is a usage error, exit 2", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-model.toml"), "--dataset", "x.jsonl"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--dataset applies only to sft payloads/);
    const s = await run(["sft", join(FIXTURES, "sft-minimal.toml"), "--task-url", "https://a.example", "--model", "m"]);
    assert.equal(s.code, 2);
    assert.match(s.stderr, /--task-url, --model apply only to rl payloads/);
  });

  test("an unknown kind is a usage error, exit 2", async () => {
    const r = await run(["ppo", join(FIXTURES, "rl-model.toml")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Choices: "rl", "sft"/);
  });

  test("--help shows the options and an example", async () => {
    const r = await run(["--help"]);
    assert.equal(r.code, 0);
    for (const text of ["--task-url", "--model", "--backend", "--dataset", "--allow-unknown", "task-app payload rl configs/rl.toml --task-url"]) assert.ok(r.stdout.includes(text), `help lacks ${text}`);
  });

  test("--allow-unknown passes unknown keys into data.config", async () => {
    const dir = workdir({ "extra.toml": `${(await import("node:fs")).readFileSync(join(FIXTURES, "rl-model.toml"), "utf8")}\n[checkpoint]\nevery = 5\n` });
    const strict = await run(["rl", join(dir, "extra.toml")]);
    assert.equal(strict.code, 1);
    const loose = await run(["rl", join(dir, "extra.toml"), "--allow-unknown"]);
    assert.equal(loose.code, 0, loose.stderr);
    assert.deepEqual(JSON.parse(loose.stdout).data.config.checkpoint, { every: 5 });
  });
});
