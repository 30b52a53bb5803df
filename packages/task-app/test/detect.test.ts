/**
 * Kind detection: the rules of synth-ai's config finder (CONTRACT.md §15),
 * then what task-app adds: the explicit top-level `type` key, `job_type`, the
 * [eval] / [filter] tables, structural fallbacks, and the file name.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { checkConfigFile, checkConfigText } from "../src/config/check.js";
import { detectConfigKind } from "../src/config/detect.js";
import { formatFinding } from "../src/config/findings.js";
import { parseTomlDocument } from "../src/config/toml.js";
import { loadConfigSchema } from "../src/schemas/config-schema.js";
import { configSchemas } from "../src/schemas/registry.js";

type Expect = { kind: string; reason: string } | undefined;

interface Row {
  name: string;
  toml: string;
  file?: string;
  expect: Expect;
}

function detect(row: Row) {
  assert.deepEqual(detectConfigKind(parseTomlDocument(row.toml).value, row.file), row.expect);
}

describe("CONTRACT §15: synth-ai's own rules", () => {
  const rows: Row[] = [
    { name: "algorithm.method = policy_gradient", toml: '[algorithm]\nmethod = "policy_gradient"\n', expect: { kind: "rl", reason: 'algorithm.method = "policy_gradient"' } },
    { name: "algorithm.method = ppo", toml: '[algorithm]\nmethod = "ppo"\n', expect: { kind: "rl", reason: 'algorithm.method = "ppo"' } },
    { name: "algorithm.method = reinforce", toml: '[algorithm]\nmethod = "reinforce"\n', expect: { kind: "rl", reason: 'algorithm.method = "reinforce"' } },
    { name: "algorithm.type = online", toml: '[algorithm]\ntype = "online"\n', expect: { kind: "rl", reason: 'algorithm.type = "online"' } },
    { name: "algorithm.variety = gspo", toml: '[algorithm]\nvariety = "gspo"\n', expect: { kind: "rl", reason: 'algorithm.variety = "gspo"' } },
    { name: "algorithm.variety = grpo", toml: '[algorithm]\nvariety = "grpo"\n', expect: { kind: "rl", reason: 'algorithm.variety = "grpo"' } },
    { name: "algorithm.variety = ppo", toml: '[algorithm]\nvariety = "ppo"\n', expect: { kind: "rl", reason: 'algorithm.variety = "ppo"' } },
    { name: 'top-level job_type = "rl"', toml: 'job_type = "rl"\n', expect: { kind: "rl", reason: 'job_type = "rl"' } },
    { name: "services.task_url", toml: '[services]\ntask_url = "https://t.example.com"\n', expect: { kind: "rl", reason: "it has services.task_url" } },
    // The reason must name the key that is there.
    { name: "services.environment", toml: '[services]\nenvironment = "crafter"\n', expect: { kind: "rl", reason: "it has services.environment" } },
    { name: "algorithm.method = sft", toml: '[algorithm]\nmethod = "sft"\n', expect: { kind: "sft", reason: 'algorithm.method = "sft"' } },
    {
      name: "algorithm.method = supervised_finetune",
      toml: '[algorithm]\nmethod = "supervised_finetune"\n',
      expect: { kind: "sft", reason: 'algorithm.method = "supervised_finetune"' },
    },
    { name: "algorithm.type = offline", toml: '[algorithm]\ntype = "offline"\n', expect: { kind: "sft", reason: 'algorithm.type = "offline"' } },
    { name: "algorithm.variety = fft", toml: '[algorithm]\nvariety = "fft"\n', expect: { kind: "sft", reason: 'algorithm.variety = "fft"' } },
    { name: 'training.mode starts with "sft"', toml: '[training]\nmode = "sft_offline"\n', expect: { kind: "sft", reason: 'training.mode = "sft_offline"' } },
    { name: "hyperparameters.train_kind = sft", toml: '[hyperparameters]\ntrain_kind = "sft"\n', expect: { kind: "sft", reason: 'hyperparameters.train_kind = "sft"' } },
    { name: "hyperparameters.train_kind = fft", toml: '[hyperparameters]\ntrain_kind = "fft"\n', expect: { kind: "sft", reason: 'hyperparameters.train_kind = "fft"' } },
    // §15 tests the RL signals first: an RL method wins over SFT-looking hyperparameters.
    {
      name: "RL signals are tested before SFT signals",
      toml: '[algorithm]\nmethod = "policy_gradient"\n\n[hyperparameters]\ntrain_kind = "fft"\n',
      expect: { kind: "rl", reason: 'algorithm.method = "policy_gradient"' },
    },
    { name: "values are compared case-insensitively and trimmed", toml: '[algorithm]\nmethod = " Policy_Gradient "\n', expect: { kind: "rl", reason: 'algorithm.method = "policy_gradient"' } },
    { name: "training.mode = lora says nothing", toml: '[training]\nmode = "lora"\n', expect: undefined },
    { name: "hyperparameters.train_kind = peft says nothing", toml: '[hyperparameters]\ntrain_kind = "peft"\n', expect: undefined },
    { name: "non-string values are ignored", toml: "[algorithm]\nmethod = 1\ntype = true\n", expect: undefined },
    { name: "a non-table [algorithm] is ignored", toml: 'algorithm = "policy_gradient"\n', expect: undefined },
    { name: "an empty file", toml: "", expect: undefined },
  ];
  for (const row of rows) test(row.name, () => detect(row));
});

describe("task-app additions", () => {
  const rows: Row[] = [
    // synth-ai ignores a top-level `type`; task-app lets the file say what it is, and that wins.
    { name: 'type = "rl"', toml: 'type = "rl"\n', expect: { kind: "rl", reason: 'type = "rl"' } },
    { name: 'type = "sft" wins over RL content', toml: 'type = "sft"\n\n[algorithm]\nmethod = "policy_gradient"\n', expect: { kind: "sft", reason: 'type = "sft"' } },
    { name: 'type = "eval"', toml: 'type = "eval"\n', expect: { kind: "eval", reason: 'type = "eval"' } },
    { name: 'type = "filter"', toml: 'type = "filter"\n', expect: { kind: "filter", reason: 'type = "filter"' } },
    { name: "a type that is not a kind is ignored", toml: 'type = "online"\n\n[hyperparameters]\ntrain_kind = "sft"\n', expect: { kind: "sft", reason: 'hyperparameters.train_kind = "sft"' } },
    { name: 'job_type = "sft"', toml: 'job_type = "sft"\n', expect: { kind: "sft", reason: 'job_type = "sft"' } },
    { name: "an [eval] table", toml: '[eval]\nmodel = "Qwen/Qwen3-4B"\n', expect: { kind: "eval", reason: "it has an [eval] table" } },
    { name: "a [filter] table", toml: '[filter]\ndb = "t.db"\n', expect: { kind: "filter", reason: "it has a [filter] table" } },
    {
      name: "an [eval] table wins over an RL-looking rollout stanza",
      toml: '[eval]\nmodel = "m"\n\n[services]\ntask_url = "https://t.example.com"\n',
      expect: { kind: "eval", reason: "it has an [eval] table" },
    },
    { name: "[job] and [hyperparameters] without an algorithm", toml: '[job]\nmodel = "m"\n\n[hyperparameters]\nn_epochs = 1\n', expect: { kind: "sft", reason: "it has [job] and [hyperparameters]" } },
    { name: "[rollout] and [training] without an algorithm", toml: "[rollout]\nmax_turns = 1\n\n[training]\nbatch_size = 1\n", expect: { kind: "rl", reason: "it has [rollout] and [training]" } },
    {
      name: "flat eval form: a top-level model string",
      toml: 'model = "Qwen/Qwen3-4B"\nseeds = [0]\n',
      expect: { kind: "eval", reason: "it names model / task_app_url at the top level (flat eval form)" },
    },
    {
      name: "flat eval form: a top-level task_app_url",
      toml: 'task_app_url = "http://localhost:8001"\n',
      expect: { kind: "eval", reason: "it names model / task_app_url at the top level (flat eval form)" },
    },
  ];
  for (const row of rows) test(row.name, () => detect(row));
});

describe("file-name fallback", () => {
  const rows: Row[] = [
    { name: "a kind word in the name", toml: "[experiment]\nname = 'x'\n", file: "examples/pokemon/pallet_town_rl_config.toml", expect: { kind: "rl", reason: 'its file name mentions "rl"' } },
    { name: "dotted names", toml: "", file: "tests/artifacts/sft.vision.small.toml", expect: { kind: "sft", reason: 'its file name mentions "sft"' } },
    { name: "Windows separators", toml: "", file: "C:\\configs\\eval-vision.toml", expect: { kind: "eval", reason: 'its file name mentions "eval"' } },
    { name: "case does not matter", toml: "", file: "FILTER_traces.toml", expect: { kind: "filter", reason: 'its file name mentions "filter"' } },
    { name: "only whole words count", toml: "", file: "control_sftp.toml", expect: undefined },
    { name: "directory names do not count", toml: "", file: "configs/rl/settings.toml", expect: undefined },
    { name: "content wins over the name", toml: '[algorithm]\nmethod = "sft"\n', file: "rl_config.toml", expect: { kind: "sft", reason: 'algorithm.method = "sft"' } },
  ];
  for (const row of rows) test(row.name, () => detect(row));
});

describe("through checkConfigText", () => {
  test("an undetectable file is one error at 1:1", () => {
    const result = checkConfigText("[experiment]\nname = 'x'\n", { file: "settings.toml" });
    assert.equal(result.kind, undefined);
    assert.deepEqual(result.findings.map(formatFinding), [
      'settings.toml:1:1: error: cannot tell what kind of config this is; add type = "rl" | "sft" | "eval" | "filter" | "deploy" or pass --kind',
    ]);
    assert.equal(result.findings[0]!.code, "unknown_kind");
  });

  test("--kind skips detection and is given as the reason", () => {
    const result = checkConfigText('[filter]\ndb = "t.db"\noutput = "o.jsonl"\n', { file: "x.toml", kind: "filter" });
    assert.equal(result.kind, "filter");
    assert.equal(result.kindReason, "--kind");
    assert.equal(result.ok, true);
  });

  test("--kind checks the file against that kind's schema", () => {
    const result = checkConfigText('[filter]\ndb = "t.db"\noutput = "o.jsonl"\n', { file: "x.toml", kind: "eval" });
    assert.equal(result.kind, "eval");
    assert.deepEqual(result.findings.map(formatFinding), ['x.toml:1:2: error: filter: unknown key "filter"']);
  });

  test("the reason is reported with the kind", () => {
    const result = checkConfigText('[eval]\nmodel = "m"\n', { file: "x.toml" });
    assert.equal(result.kind, "eval");
    assert.equal(result.kindReason, "it has an [eval] table");
  });

  test("the file name passed to checkConfigFile is used for the fallback", async () => {
    const path = fileURLToPath(new URL("fixtures/invalid/unknown-kind.toml", import.meta.url));
    const asIs = await checkConfigFile(path);
    assert.equal(asIs.kind, undefined);
    const renamed = await checkConfigFile(path, { file: "pallet_town_rl.toml" });
    assert.equal(renamed.kind, "rl");
    assert.equal(renamed.kindReason, 'its file name mentions "rl"');
  });

  test("detection and the schema agree on how the type tag is spelt", () => {
    // Detection lower-cases and trims `type`. Either it should not take "RL" as a type tag,
    // or the schema should accept the tag detection took: not detect by it and then reject it.
    for (const tag of ["RL", " rl "]) {
      const result = checkConfigText(`type = ${JSON.stringify(tag)}\n`, { file: "x.toml" });
      const detectedByType = result.kindReason?.startsWith("type = ") ?? false;
      const rejected = result.findings.filter((f) => f.path === "type").map(formatFinding);
      assert.ok(!(detectedByType && rejected.length), `${tag}: detected by ${result.kindReason}, then ${rejected.join("; ")}`);
    }
  });
});

test("every valid fixture is detected from its content, not its name", async () => {
  const dir = fileURLToPath(new URL("fixtures/valid/", import.meta.url));
  const expected: Record<string, string> = {
    "eval-flat.toml": "it names model / task_app_url at the top level (flat eval form)",
    "eval.toml": "it has an [eval] table",
    "filter.toml": "it has a [filter] table",
    "rl-model-era.toml": 'algorithm.method = "policy_gradient"',
    "rl-policy-era.toml": 'type = "rl"',
    "rl-vision.toml": 'algorithm.method = "policy_gradient"',
    "sft.toml": 'algorithm.method = "sft"',
  };
  const files = readdirSync(dir).filter((f) => f.endsWith(".toml")).sort();
  assert.deepEqual(files, Object.keys(expected).sort());
  for (const name of files) {
    const result = await checkConfigFile(`${dir}${name}`, { file: "config.toml" });
    assert.equal(result.kindReason, expected[name], name);
  }
});

test("a file is checked with the schema of its kind alone, loaded as the registry holds it, and checks as its text does", async () => {
  for (const { kind, schema } of configSchemas) assert.equal(await loadConfigSchema(kind), schema, kind);
  await assert.rejects(loadConfigSchema("toString" as never), /unknown config kind: toString/);
  const files = ["valid", "invalid"].flatMap((sub) => {
    const dir = fileURLToPath(new URL(`fixtures/${sub}/`, import.meta.url));
    return readdirSync(dir).filter((f) => f.endsWith(".toml")).map((f) => `${dir}${f}`);
  });
  assert.ok(files.length > 10);
  for (const path of files) assert.deepEqual(await checkConfigFile(path), checkConfigText(readFileSync(path, "utf8"), { file: path }), path);
});
