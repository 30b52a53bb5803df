/**
 * Quick fixes of `task-app lsp` over real stdio: for each kind of finding the
 * check knows the answer to, ask for the code actions of its diagnostic,
 * apply the edit as an editor would, and check the text again with the
 * checker validate runs: the finding is gone, no new finding appears, and
 * the rest of the file is unchanged.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { checkSourceText } from "../src/config/check-source.js";
import { findingCodes } from "../src/config/finding-codes.js";
import { fixProviders } from "../src/lsp/fixes/index.js";
import { edit } from "./helpers/corpus.js";
import { LspSession, type Diagnostic, type Position } from "./helpers/lsp.js";
import { RL, RL_VL, SFT } from "./helpers/rules-table.js";

interface TextEdit {
  range: { start: Position; end: Position };
  newText: string;
}
interface CodeAction {
  title: string;
  kind?: string;
  isPreferred?: boolean;
  diagnostics?: Diagnostic[];
  edit?: { changes?: Record<string, TextEdit[]> };
}

function offsetOf(text: string, p: Position): number {
  const lines = text.split("\n");
  return lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
}

/** Applies TextEdits the way an editor does (all ranges refer to the original text). */
function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = edits.map((e) => ({ start: offsetOf(text, e.range.start), end: offsetOf(text, e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

interface Case {
  name: string;
  file: string;
  text: string;
  code: string;
  /** The action's title must contain this. */
  title: string;
  /** The text after the fix must contain this. */
  expect: string;
}

const RL_INSTRUCT = edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B-Instruct-2507"']);
const CASES: Case[] = [
  { name: "unknown key → its did-you-mean", file: "rl.toml", text: edit(RL, ["batch_size = 4", "batchsize = 4"]), code: "unknown_key", title: 'Rename to "batch_size"', expect: "\nbatch_size = 4\n" },
  {
    name: "mistyped enum value → the allowed one",
    file: "rl.toml",
    text: readFileSync(new URL("./fixtures/invalid/rl-enum-typo.toml", import.meta.url), "utf8"),
    code: "invalid_value",
    title: 'Change to "think"',
    expect: 'thinking_mode = "think"',
  },
  {
    name: "missing key in a CRLF file → added with CRLF",
    file: "rl.toml",
    text: edit(RL, ['label = "crafter-rl"\n', ""]).replaceAll("\n", "\r\n"),
    code: "missing_key",
    title: "Add label",
    expect: 'trainer_mode = "lora"\r\nlabel = "',
  },
  {
    name: "near miss of the RL algorithm → the one the trainer runs",
    file: "rl.toml",
    text: edit(RL, ['variety = "gspo"', 'variety = "gsop"']),
    code: "rl_algorithm",
    title: 'Change to "gspo"',
    expect: '\nvariety = "gspo"\n',
  },
  { name: "forwarded 0 flag → the boolean the app reads", file: "rl.toml", text: `${RL}\n[rollout.policy_config]\nuse_vision = 0\n`, code: "forwarded_flag", title: "Write false", expect: "\nuse_vision = false\n" },
  { name: "quoted number → typed", file: "rl.toml", text: edit(RL, ["batch_size = 4", 'batch_size = " 4"']), code: "coerced_value", title: "Write 4 without quotes", expect: "\nbatch_size = 4\n" },
  {
    name: "quoted boolean → typed",
    file: "rl.toml",
    text: edit(RL, ["[training.weight_sync]\nenable = true", '[training.weight_sync]\nenable = "true"']),
    code: "coerced_value",
    title: "Write true",
    expect: "[training.weight_sync]\nenable = true\n",
  },
  {
    name: "quoted boolean at a key synth-ai forwards as written → typed",
    file: "rl.toml",
    text: edit(RL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = "true"']),
    code: "invalid_type",
    title: "Write true",
    expect: "task_app_origin_rewards_only = true\n",
  },
  { name: "missing required key → added with a value", file: "rl.toml", text: edit(RL, ['label = "crafter-rl"\n', ""]), code: "missing_key", title: "Add label", expect: 'trainer_mode = "lora"\nlabel = ' },
  {
    name: "missing required table → added with its required keys",
    file: "rl.toml",
    text: edit(RL, ['[services]\ntask_url = "https://task.example.com"\n', ""]),
    code: "missing_key",
    title: "Add [services] with task_url",
    expect: "[services]\ntask_url = ",
  },
  {
    name: "thinking budget without a mode → thinking_mode = \"think\" beside it",
    file: "rl.toml",
    text: `${RL}\n[rollout.policy_config]\nthinking_budget = 512\n`,
    code: "thinking_budget_mode",
    title: 'Add thinking_mode = "think"',
    expect: '[rollout.policy_config]\nthinking_mode = "think"\nthinking_budget = 512\n',
  },
  {
    name: "thinking budget under no_think → think",
    file: "rl.toml",
    text: `${RL}\n[rollout.policy_config]\nthinking_mode = "no_think"  # keep\nthinking_budget = 512\n`,
    code: "thinking_budget_mode",
    title: 'Set thinking_mode = "think"',
    expect: 'thinking_mode = "think"  # keep\n',
  },
  {
    name: "thinking budget under no_think → budget removed",
    file: "rl.toml",
    text: `${RL}\n[rollout.policy_config]\nthinking_mode = "no_think"\nthinking_budget = 512\n`,
    code: "thinking_budget_mode",
    title: "Remove rollout.policy_config.thinking_budget",
    expect: '[rollout.policy_config]\nthinking_mode = "no_think"\n',
  },
  {
    name: "image_only_mode without vision → use_vision = true",
    file: "rl.toml",
    text: `${RL_VL}\n[rollout.policy_config]\nuse_vision = false\nimage_only_mode = true\n`,
    code: "image_only_needs_vision",
    title: "Set use_vision = true",
    expect: "use_vision = true\nimage_only_mode = true\n",
  },
  {
    name: "vision turned off on a Qwen3-VL model → the key removed",
    file: "rl.toml",
    text: edit(RL_VL, ['label = "crafter-rl"', 'label = "crafter-rl"\nsupports_vision = false']),
    code: "vision_off_on_vision_model",
    title: "Remove supports_vision = false",
    expect: 'label = "crafter-rl"\n\n[rollout]',
  },
  {
    name: "vLLM image limit below max_images_per_message → raised",
    file: "rl.toml",
    text: edit(RL_VL, ["tensor_parallel_size = 2", "tensor_parallel_size = 2\nlimit_mm_per_prompt = { image = 1 }"], ["group_size = 4", "group_size = 4\nmax_images_per_message = 3"]),
    code: "rl_vllm_images",
    title: "Set vllm.limit_mm_per_prompt.image = 3",
    expect: "limit_mm_per_prompt = { image = 3 }",
  },
  {
    name: "image settings on a text model → removed",
    file: "rl.toml",
    text: edit(RL, ['label = "crafter-rl"', 'label = "crafter-rl"\nmax_images_per_message = 2']),
    code: "image_settings_on_text_model",
    title: "Remove model.max_images_per_message",
    expect: 'label = "crafter-rl"\n\n[rollout]',
  },
  {
    name: "thinking settings on an Instruct model, in an inline table → the entry removed",
    file: "rl.toml",
    text: edit(RL_INSTRUCT, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\npolicy_config = { thinking_mode = "think", temperature = 0.5 }']),
    code: "thinking_on_non_thinking_model",
    title: "Remove rollout.policy_config.thinking_mode",
    expect: "policy_config = { temperature = 0.5 }",
  },
  {
    name: "SFT key 0.2.13 does not forward → removed",
    file: "sft.toml",
    text: edit(SFT, ["learning_rate = 5e-6", "learning_rate = 5e-6\nweight_decay = 0.1 # tried"]),
    code: "sft_dropped_keys",
    title: "Remove hyperparameters.weight_decay",
    expect: "learning_rate = 5e-6\n",
  },
  {
    name: "large semaphore on an Instruct model → 4",
    file: "rl.toml",
    text: edit(RL_INSTRUCT, ["group_size = 4", "group_size = 4\nasync_semaphore_max = 16"]),
    code: "instruct_async_semaphore",
    title: "Set async_semaphore_max = 4",
    expect: "async_semaphore_max = 4\n",
  },
  {
    name: "task_url with spaces → trimmed",
    file: "rl.toml",
    text: edit(RL, ['task_url = "https://task.example.com"', 'task_url = " https://task.example.com "']),
    code: "rl_task_url_spaces",
    title: "Remove the spaces",
    expect: 'task_url = "https://task.example.com"\n',
  },
];

let dir: string;
let lsp: LspSession;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "task-app-lsp-actions-"));
  lsp = await LspSession.start("task-app", dir, { debounceMs: 0 });
});
after(async () => {
  await lsp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const key = (f: { code: string; path: string }) => `${f.code} ${f.path}`;

describe("task-app lsp: quick fixes", () => {
  for (const [n, c] of CASES.entries()) {
    test(c.name, async () => {
      const path = join(dir, `${n}-${c.file}`);
      const uri = lsp.open(path, c.text);
      const diagnostics = await lsp.diagnosticsAt(uri, 1);
      const diagnostic = diagnostics.find((d) => d.code === c.code);
      assert.ok(diagnostic, `no ${c.code} diagnostic: ${JSON.stringify(diagnostics.map((d) => d.message))}`);
      const actions = (await lsp.request("textDocument/codeAction", { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } })) as CodeAction[];
      const action = actions.find((a) => a.title.includes(c.title));
      assert.ok(action, `no action "${c.title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
      assert.equal(action.kind, "quickfix");
      const fixed = applyEdits(c.text, action.edit?.changes?.[uri] ?? []);
      assert.ok(fixed.includes(c.expect), `fixed text lacks ${JSON.stringify(c.expect)}:\n${fixed}`);
      if (c.text.includes("\r\n")) assert.doesNotMatch(fixed.replaceAll("\r\n", ""), /\n/, "a CRLF file keeps CRLF line breaks");
      const beforeFix = checkSourceText(c.text, { file: path }).findings;
      const afterFix = checkSourceText(fixed, { file: path }).findings;
      const fixedFinding = beforeFix.find((f) => f.code === c.code && f.line === diagnostic.range.start.line + 1)!;
      assert.ok(!afterFix.some((f) => key(f) === key(fixedFinding)), `${c.code} is still there: ${JSON.stringify(afterFix)}`);
      const old = new Set(beforeFix.map(key));
      assert.deepEqual(afterFix.filter((f) => !old.has(key(f))).map((f) => f.message), [], "the fix brings no new finding");
      // The server agrees once the editor sends the fixed text.
      lsp.open(path, fixed);
      assert.ok(!(await lsp.diagnosticsAt(uri, 2)).some((d) => d.code === c.code && (d.data as { path: string }).path === fixedFinding.path));
      lsp.notify("textDocument/didClose", { textDocument: { uri } });
    });
  }

  test("every code a fix answers is a documented finding code, and each has a case here", () => {
    const known = new Set(findingCodes().map((c) => c.code));
    const answered = fixProviders.flatMap((p) => p.codes);
    for (const code of answered) assert.ok(known.has(code), `${code} is not a finding code`);
    const tested = new Set(CASES.map((c) => c.code));
    assert.deepEqual(answered.filter((code) => !tested.has(code)), []);
  });

  test("a clean config has no actions", async () => {
    const uri = lsp.open(join(dir, "clean-rl.toml"), RL);
    assert.deepEqual(await lsp.diagnosticsAt(uri, 1), []);
    const actions = await lsp.request("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } });
    assert.deepEqual(actions, []);
  });
});
