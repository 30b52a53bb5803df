/**
 * Where task-app follows synth-ai's own validators and builders beyond the
 * cross-section rules: lax coercion (pydantic), blank and integer fields
 * (the 0.2.13 models), model-id normalisation (supported.py), and the later
 * CLI's [policy]-era payload. Each case names the synth-ai behaviour it follows.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { buildRLPayload, buildSFTPayload } from "../src/payload/index.js";
import type { RLConfig } from "../src/schemas/rl-config.js";
import type { SFTConfig } from "../src/schemas/sft-config.js";
import { edit, positionOf } from "./helpers/corpus.js";
import { workdir, LINE } from "./helpers/payload.js";
import { RL, RL_POLICY, RL_VL, SFT } from "./helpers/rules-table.js";

const findings = (toml: string, kind: "rl" | "sft") => checkConfigText(toml, { file: `${kind}.toml`, kind }).findings.map(formatFinding);

describe("values synth-ai coerces (pydantic lax mode) are accepted with a warning", () => {
  const cases: { name: string; toml: string; expect: string[]; value: (c: RLConfig) => unknown; want: unknown }[] = [
    {
      name: 'a quoted integer: batch_size = "4" (int field, numeric string)',
      toml: edit(RL, ["batch_size = 4", 'batch_size = "4"']),
      expect: [`rl.toml:${positionOf(edit(RL, ["batch_size = 4", 'batch_size = "4"']), "batch_size")}: warning: training.batch_size: "4" is not a number; synth-ai coerces it and submits 4: write batch_size = 4`],
      value: (c) => c.training?.batch_size,
      want: 4,
    },
    {
      name: 'a quoted float: learning_rate = "5e-06" (float field, numeric string)',
      toml: edit(RL, ["learning_rate = 5e-5", 'learning_rate = "5e-06"']),
      expect: [`rl.toml:${positionOf(RL, "learning_rate")}: warning: training.learning_rate: "5e-06" is not a number; synth-ai coerces it and submits 0.000005: write learning_rate = 5e-06`],
      value: (c) => c.training?.learning_rate,
      want: 5e-6,
    },
    {
      name: 'a quoted boolean: enable = "true" (bool field accepts "true"/"1"/"yes")',
      toml: edit(RL, ["enable = true", 'enable = "yes"']),
      expect: [`rl.toml:${positionOf(RL, "enable = true")}: warning: training.weight_sync.enable: "yes" is not a boolean; synth-ai coerces it and submits true: write enable = true`],
      value: (c) => c.training?.weight_sync?.enable,
      want: true,
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const result = checkConfigText(c.toml, { file: "rl.toml", kind: "rl" });
      assert.deepEqual(result.findings.map(formatFinding), c.expect);
      assert.equal(result.ok, true);
      assert.equal(c.value(result.config as RLConfig), c.want);
      const { payload } = buildRLPayload(result.config as RLConfig, { env: {} });
      assert.equal(c.value(payload.data.config), c.want, "the payload carries the coerced value, as model_dump does");
    });

  test("values pydantic cannot coerce stay errors: a fractional string for an int, a word for a number", () => {
    assert.deepEqual(findings(edit(RL, ["batch_size = 4", 'batch_size = "2.5"']), "rl"), [`rl.toml:${positionOf(RL, "batch_size")}: error: training.batch_size: expected an integer, got string "2.5"`]);
    assert.deepEqual(findings(edit(RL, ["batch_size = 4", 'batch_size = "four"']), "rl"), [`rl.toml:${positionOf(RL, "batch_size")}: error: training.batch_size: expected an integer, got string "four"`]);
  });
});

describe("the 0.2.13 models' types", () => {
  test("judge.timeout_s is an int field: 12.5 is an error (JudgeConfig.timeout_s: int | None)", () => {
    assert.deepEqual(findings(`${RL}\n[judge]\ntimeout_s = 12.5\n`, "rl"), [`rl.toml:${positionOf(`${RL}\n[judge]\ntimeout_s = 12.5\n`, "timeout_s")}: error: judge.timeout_s: expected an integer, got float 12.5`]);
    assert.deepEqual(findings(`${RL}\n[judge]\ntimeout_s = 12\n`, "rl"), []);
  });

  test("[tags] values may be any TOML value (tags: dict[str, Any])", () => {
    assert.deepEqual(findings(`${RL}\n[tags]\nrun = 3\nlist = [1, "a"]\nnested = { a = 1 }\n`, "rl"), []);
  });

  test('a blank job.model is "model not specified", in validate and in payload alike (build_sft_payload strips it)', () => {
    const result = checkConfigText(edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "   "']), { file: "sft.toml", kind: "sft" });
    assert.deepEqual(result.findings.map(formatFinding), [`sft.toml:${positionOf(SFT, "model =")}: error: job.model: model not specified: job.model is blank`]);
  });

  test("a blank model id is set for synth-ai's validator (exactly one of fails) and empty for its builder: an error at the key, in both eras", () => {
    const cases: [string, string, string][] = [
      ["source next to base", edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B"\nsource = "   "']), "model.source"],
      ["base next to source", edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "  "\nsource = "ft:Qwen/Qwen3-4B:job-1"']), "model.base"],
      ["base alone", edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "\\u0085\\u001f"']), "model.base"],
      ["[policy] source next to model_name", edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'model_name = "Qwen/Qwen3-4B"\nsource = " "']), "policy.source"],
    ];
    for (const [name, toml, key] of cases) {
      const result = checkConfigText(toml, { file: "rl.toml", kind: "rl" });
      assert.equal(result.ok, false, name);
      assert.deepEqual(
        result.findings.map((f) => `${f.severity}: ${f.path}: ${f.message.split(":")[0]}`),
        [`error: ${key}: ${key} is blank`],
        name,
      );
    }
  });

  test('an empty model id ("") is unset for synth-ai too: accepted next to the other key', () => {
    const toml = edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B"\nsource = ""']);
    assert.deepEqual(findings(toml, "rl"), []);
  });

  test("ids are stripped with Python's str.strip(): U+001F and U+0085 go (the id normalises), U+FEFF stays", () => {
    const result = checkConfigText(edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "\\u001fqwen/qwen3-4b\\u0085"']), { file: "rl.toml", kind: "rl" });
    assert.ok(result.ok, result.findings.map(formatFinding).join("\n"));
    assert.equal(buildRLPayload(result.config as RLConfig, { env: {} }).payload.data.base_model, "Qwen/Qwen3-4B");
    const bom = checkConfigText(edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "\\ufeffQwen/Qwen3-4B"']), { file: "rl.toml", kind: "rl" });
    assert.match(bom.findings.map(formatFinding).join("\n"), /model\.base: .*not in synth-ai's model catalog/);
  });

  test("the task URL's scheme is case-insensitive, as for synth-ai and every HTTP client", () => {
    const toml = edit(RL, ['task_url = "https://task.example.com"', 'task_url = "HTTPS://task.example.com"']);
    const result = checkConfigText(toml, { file: "rl.toml", kind: "rl" });
    assert.deepEqual(result.findings.map(formatFinding), []);
    assert.equal(buildRLPayload(result.config as RLConfig, { env: {} }).payload.data.endpoint_base_url, "HTTPS://task.example.com");
  });
});

describe("payloads", () => {
  const rl = (toml: string, options: { normalize?: boolean } = {}) => {
    const result = checkConfigText(toml, { file: "rl.toml", kind: "rl", ...options });
    assert.ok(result.ok, result.findings.map(formatFinding).join("\n"));
    return buildRLPayload(result.config as RLConfig, { env: {} }).payload;
  };

  test("catalog ids are normalised in data.base_model and the SFT model (normalize_model_identifier)", () => {
    assert.equal(rl(edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "qwen/qwen3-4b"'])).data.base_model, "Qwen/Qwen3-4B");
    const dir = workdir({ "train.jsonl": LINE });
    const sft = checkConfigText(edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "QWEN/qwen3-4B"']), { file: "sft.toml", kind: "sft" });
    assert.equal(buildSFTPayload(sft.config as SFTConfig, { dataset: `${dir}/train.jsonl`, env: {} }).payload.model, "Qwen/Qwen3-4B");
  });

  test('[policy] era: reference_placement "none", the weight_sync block and no [smoke] (the later CLI validate_rl_config)', () => {
    const toml = `${edit(RL_POLICY, ["[training.weight_sync]\nenable = true\ntargets = [\"policy\"]\nmode = \"direct\"\n", ""], ["weight_sync_interval = 1", "weight_sync_interval = 3"])}\n[smoke]\nmax_steps = 5\n`;
    const payload = rl(toml);
    assert.equal(payload.data.config.smoke, undefined);
    assert.equal((payload.compute.topology as { reference_placement?: string } | undefined)?.reference_placement, "none");
    assert.equal(payload.data.config.compute?.topology?.reference_placement, "none");
    assert.deepEqual(payload.data.config.training?.weight_sync, { enable: true, mode: "direct", targets: ["policy"], interval: 3 });
  });

  test('[policy] era: a given weight_sync keeps its keys, mode becomes "direct" and the interval is added', () => {
    const payload = rl(edit(RL_POLICY, ['mode = "direct"', 'mode = "full"']));
    assert.deepEqual(payload.data.config.training?.weight_sync, { enable: true, targets: ["policy"], mode: "direct", interval: 1 });
  });

  test("[model] era payloads are left as the 0.2.13 builder makes them", () => {
    const payload = rl(`${RL}\n[smoke]\nmax_steps = 5\n`);
    assert.deepEqual(payload.data.config.smoke, { max_steps: 5 });
    assert.deepEqual(payload.compute, { gpu_type: "H100", gpu_count: 4 });
  });

  test("settings derived from the model enter data.config only when asked (payload --inject-model-defaults)", () => {
    const plainPayload = rl(RL_VL, { normalize: false });
    assert.equal(plainPayload.data.config.model?.supports_vision, undefined);
    const injected = rl(RL_VL);
    assert.equal(injected.data.config.model?.supports_vision, true);
  });
});

test('rubric.enabled = "true" is not coerced: [rubric] is a free table for synth-ai, which sends the string on as written', () => {
  const toml = `${edit(RL, ["task_app_origin_rewards_only = true", "rubric_rewards_only = true"])}\n[rubric]\nenabled = "true"\n`;
  assert.ok(
    findings(toml, "rl").includes(
      `rl.toml:${positionOf(toml, 'enabled = "true"')}: error: rubric.enabled: expected a boolean, got string "true"; synth-ai does not type this key and would send "true" on as written: write enabled = true`,
    ),
  );
});

describe("a [policy] table next to [model] is ignored, as synth-ai 0.2.13 ignores it", () => {
  const legacy = `${RL}\n[policy]\nmodel = "Qwen/Qwen3-4B"\ninference_url = "http://localhost:8000"\nmax_tokens = "256"\n`;
  test("the legacy {model, inference_url} table of shipped 0.2.x configs is accepted with a warning that it is ignored", () => {
    const result = checkConfigText(legacy, { file: "rl.toml", kind: "rl" });
    assert.deepEqual(result.findings.map(formatFinding), [
      `rl.toml:${positionOf(legacy, "[policy]")}: warning: policy: [policy] is ignored next to [model]: synth-ai 0.2.13 trains the model named in [model] and sends [policy] on as written, unchecked; remove it, or move to the [policy] era by dropping [model] (where [policy] needs model_name or source, trainer_mode and label)`,
    ]);
    const { payload } = buildRLPayload(result.config as RLConfig, { env: {} });
    assert.equal(payload.data.base_model, "Qwen/Qwen3-4B");
    assert.deepEqual(payload.data.config.policy, { model: "Qwen/Qwen3-4B", inference_url: "http://localhost:8000", max_tokens: "256" }, "forwarded as written: no defaults, no coercion");
  });

  test("a full [policy] next to [model] gets none of the [policy] defaults neither era's builder adds", () => {
    const toml = `${RL}\n[policy]\nmodel_name = "Qwen/Qwen3-8B"\ntrainer_mode = "lora"\nlabel = "x"\n`;
    const result = checkConfigText(toml, { file: "rl.toml", kind: "rl" });
    assert.ok(result.ok);
    const { payload } = buildRLPayload(result.config as RLConfig, { env: {} });
    assert.deepEqual(payload.data.config.policy, { model_name: "Qwen/Qwen3-8B", trainer_mode: "lora", label: "x" });
    assert.equal(payload.data.base_model, "Qwen/Qwen3-4B", "[model] is what is trained");
  });
});

describe("coercion happens exactly where synth-ai's models type the key, with pydantic's rules", () => {
  const rl = (toml: string) => checkConfigText(toml, { file: "rl.toml", kind: "rl" });
  test('pydantic refuses "2e0" for an int, " true " for a bool: errors here too', () => {
    assert.deepEqual(findings(edit(RL, ["batch_size = 4", 'batch_size = "2e0"']), "rl"), [`rl.toml:${positionOf(RL, "batch_size")}: error: training.batch_size: expected an integer, got string "2e0"`]);
    assert.deepEqual(findings(edit(RL, ["enable = true", 'enable = " true "']), "rl"), [`rl.toml:${positionOf(RL, "enable = true")}: error: training.weight_sync.enable: expected a boolean, got string " true "`]);
  });

  test('pydantic coerces "t" and a boolean in an int field: warnings with the value it submits', () => {
    const t = rl(edit(RL, ["enable = true", 'enable = "t"']));
    assert.equal(t.ok, true);
    assert.equal((t.config as RLConfig).training?.weight_sync?.enable, true);
    const one = rl(edit(RL, ["batch_size = 4", "batch_size = true"]));
    assert.deepEqual(one.findings.map(formatFinding), [`rl.toml:${positionOf(RL, "batch_size")}: warning: training.batch_size: true is not a number; synth-ai coerces it and submits 1: write batch_size = 1`]);
    assert.equal(buildRLPayload(one.config as RLConfig, { env: {} }).payload.data.config.training?.batch_size, 1);
  });

  test("a 0 or 1 where synth-ai forwards a flag untyped is a warning with the fix, and forwarded as written: use_vision = 1", () => {
    for (const [value, reads] of [[1, true], [0, false]] as const) {
      const toml = `${RL}\n[rollout.policy_config]\nuse_vision = ${value}\n`;
      const result = rl(toml);
      assert.equal(result.ok, true, result.findings.map(formatFinding).join("\n"));
      assert.equal(
        formatFinding(result.findings[0]!),
        `rl.toml:${toml.split("\n").length - 1}:1: warning: rollout.policy_config.use_vision: ${value} is not a boolean; synth-ai does not type this key and forwards ${value} as written, which the task app reads as ${reads}: write use_vision = ${reads}`,
      );
      // The rules read it as the app does: 1 turns vision on for a text-only model, 0 leaves it off.
      assert.equal(result.findings.some((f) => /text-only model/.test(f.message)), reads);
      // Forwarded as written, as synth-ai sends it.
      const config = buildRLPayload(result.config as RLConfig, { env: {} }).payload.data.config as { rollout?: { policy_config?: Record<string, unknown> } };
      assert.equal(config.rollout?.policy_config?.use_vision, value);
    }
    // Any other wrongly typed flag there stays an error: Python reads "false" (a string) and 2 as true.
    for (const value of ['"false"', "2"]) assert.equal(rl(`${RL}\n[rollout.policy_config]\nuse_vision = ${value}\n`).ok, false, value);
  });

  test("keys synth-ai leaves free-form are never coerced: [vllm], [topology], the reward flags", () => {
    const cases: [string, string][] = [
      [edit(RL, ["tensor_parallel_size = 2", 'tensor_parallel_size = 2\nenforce_eager = "true"']), "vllm.enforce_eager"],
      [edit(RL, ["gpus_for_vllm = 2", 'gpus_for_vllm = "2"']), "topology.gpus_for_vllm"],
      [edit(RL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = "true"']), "rollout.task_app_origin_rewards_only"],
    ];
    for (const [toml, key] of cases) {
      const result = rl(toml);
      assert.equal(result.ok, false, key);
      const finding = result.findings.find((f) => f.path === key);
      assert.match(finding?.message ?? "", /synth-ai does not type this key and would send .* on as written/, key);
      assert.ok(!result.findings.some((f) => f.code === "coerced_value"), `${key}: no "synth-ai coerces it" warning`);
    }
  });

  test("[policy]-era keys the later models type are coerced there: policy.max_tokens, compute.topology", () => {
    const result = rl(edit(RL_POLICY, ["label = \"crafter-rl\"", 'label = "crafter-rl"\nmax_tokens = "256"'], ["gpus_for_vllm = 2", 'gpus_for_vllm = "2"']));
    assert.equal(result.ok, true, result.findings.map(formatFinding).join("\n"));
    assert.deepEqual(result.findings.map((f) => f.code), ["coerced_value", "coerced_value"]);
  });
});
