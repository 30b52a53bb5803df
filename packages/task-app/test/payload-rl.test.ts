/**
 * RL job payloads (CONTRACT.md §12): the envelope and its precedence rules
 * for the task URL, the model, the backend and [reference], every RL
 * PayloadError, and the synth-ai corpus.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { checkConfigFile } from "../src/config/check.js";
import { buildRLPayload, ensureApiBase } from "../src/payload/index.js";
import type { RLConfig } from "../src/schemas/rl-config.js";
import { CORPUS, corpusFiles, FIXTURES, load, NO_CORPUS, plain, throwsPayload } from "./helpers/payload.js";

const rlModel = await load(join(FIXTURES, "rl-model.toml"), "rl");
const rlPolicy = await load(join(FIXTURES, "rl-policy.toml"), "rl");

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

    test("with both eras, [model] is used as synth-ai's builder does", () => {
      const { data } = buildRLPayload({ ...rlModel, policy: { ...rlPolicy.policy!, model_name: "Qwen/Qwen3-8B" } }, { env: {} }).payload;
      assert.equal(data.base_model, rlModel.model!.base);
    });

    test("catalog ids are normalised as synth-ai's normalize_model_identifier does; fine-tuned ids are kept", () => {
      assert.equal(buildRLPayload({ ...rlModel, model: { ...rlModel.model!, base: " qwen/qwen3-4b " } }, { env: {} }).payload.data.base_model, "Qwen/Qwen3-4B");
      assert.equal(buildRLPayload(rlModel, { model: "ft:qwen/qwen3-4b:job-1", env: {} }).payload.data.model, "ft:qwen/qwen3-4b:job-1");
      assert.equal(buildRLPayload({ ...rlModel, model: { ...rlModel.model!, base: "org/Unknown-7B" } }, { env: {} }).payload.data.base_model, "org/Unknown-7B");
    });

    test("neither, or both of source and base, are errors", () => {
      throwsPayload(() => buildRLPayload({ ...rlModel, model: undefined }, { env: {} }), "model_missing", /missing \[model\] \(or \[policy\]\)/);
      throwsPayload(() => buildRLPayload({ ...rlModel, model: { ...rlModel.model!, base: " " } }, { env: {} }), "model_missing", /exactly one of model\.source .* or model\.base .*neither is set/);
      throwsPayload(() => buildRLPayload({ ...rlModel, model: { ...rlModel.model!, source: "ft:a/b:c" } }, { env: {} }), "model_ambiguous", /both are set/);
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
      // [policy]-era files get compute.topology.reference_placement = "none", as synth-ai's later CLI injects it.
      const later = !config.model && config.policy;
      const compute = later ? { ...config.compute, topology: { reference_placement: "none", ...config.compute?.topology } } : (config.compute ?? {});
      assert.deepEqual(payload.compute, compute, file);
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
