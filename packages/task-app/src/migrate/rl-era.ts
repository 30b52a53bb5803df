/**
 * `task-app migrate`: moves an RL config between its two eras, 0.2.13's
 * `[model]` + `[topology]` + `[lora]` + reward keys in `[training]`, and the
 * later `[policy]` + `[compute.topology]` + `[training.lora]` +
 * `[training.rewards]`. Every change is an edit at a position the parser
 * gave (a header's key, a key's name, whole statement lines moved): the rest
 * of the file, comments and order included, is left as written.
 */
import { valueAt } from "../config/issues.js";
import type { TomlDocument } from "../config/toml.js";
import { addToTable, applyOffsetEdits, findStatement, matchLineEndings, parseOrUndefined, renameKey, replaceValue, type OffsetEdit } from "../lsp/toml-edits.js";
import { listHeaders, samePath, sectionEnd, type Header } from "./headers.js";

export type Era = "0.2" | "policy";

/** A config migrate cannot rewrite, with the place that says why. */
export class MigrateError extends Error {
  override name = "MigrateError";
  constructor(
    readonly reason: string,
    readonly line = 1,
    readonly column = 1,
  ) {
    super(reason);
  }
}

export interface MigrateResult {
  from: Era;
  to: Era;
  text: string;
  /** What the user should know: keys commented out, keys added, settings left to decide. */
  notes: string[];
}

/** Reward keys that sit in [training] in 0.2.13 and in [training.rewards] later. */
export const REWARD_KEYS = ["step_rewards_enabled", "step_rewards_mode", "step_rewards_indicator_lambda", "step_rewards_beta", "step_rewards_strategy", "event_rewards_kind"];
/** [model] keys the [policy] table has no place for. */
const MODEL_ONLY = ["name", "dtype", "seed"];
/** [policy] sampling keys 0.2.13 keeps in [rollout.policy_config] (the policy.config of each rollout request). */
const POLICY_TO_ROLLOUT = ["inference_url", "temperature", "top_p", "max_tokens"];
/** [policy] keys 0.2.13 has no place for. */
const POLICY_ONLY = ["top_k", "repetition_penalty", "stop_sequences"];

/** Where rewards to train on come from: `rollout.task_app_origin_rewards_only` or `rollout.rubric_rewards_only`. */
export type RewardSource = "task-app" | "rubric";
export const REWARD_SOURCE_KEYS: Record<RewardSource, string> = { "task-app": "task_app_origin_rewards_only", rubric: "rubric_rewards_only" };

export interface MigrateOptions {
  /** Sets the reward source in [rollout] (the later CLI refuses a [policy]-era config with neither flag true). */
  rewardSource?: RewardSource;
  /** Sets judge.options.provider and/or judge.options.model (the later CLI refuses a [judge] without them). */
  judge?: { provider?: string; model?: string };
}

/** The judge providers synth-ai's later CLI accepts. */
export const JUDGE_PROVIDERS = ["openai", "groq", "gemini"] as const;

const isTable = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The era of a parsed RL config, or undefined when it names no model table. */
export function eraOf(doc: Record<string, unknown>): Era | undefined {
  if ("model" in doc) return "0.2";
  if ("policy" in doc) return "policy";
  return undefined;
}

class Editor {
  readonly edits: OffsetEdit[] = [];
  rewardSource: RewardSource | undefined;
  judge: MigrateOptions["judge"];
  readonly notes: string[] = [];
  readonly headers: Header[];
  readonly starts: number[];
  constructor(
    readonly text: string,
    readonly doc: TomlDocument,
  ) {
    this.headers = listHeaders(text, doc);
    this.starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  fail(reason: string, offset = 0): never {
    let line = 0;
    while (line + 1 < this.starts.length && this.starts[line + 1]! <= offset) line++;
    throw new MigrateError(reason, line + 1, offset - this.starts[line]! + 1);
  }

  /** The header of a table written as `[a.b]`; fails when the table is written another way. */
  header(path: string[]): Header {
    const found = this.headers.find((h) => !h.array && samePath(h.path, path));
    if (!found) {
      const at = this.doc.locate(path);
      this.fail(`[${path.join(".")}] is not written as a table header here; migrate moves tables written as [${path.join(".")}]`, this.starts[at.line - 1]! + at.column - 1);
    }
    return found;
  }

  renameHeader(from: string[], to: string[]): void {
    if (valueAt(this.doc.value, to) !== undefined) {
      const at = this.doc.locate(to);
      this.fail(`both [${from.join(".")}] and [${to.join(".")}] are set; keep one before migrating`, this.starts[at.line - 1]! + at.column - 1);
    }
    const h = this.header(from);
    this.edits.push({ start: h.keyStart, end: h.keyEnd, text: to.join(".") });
  }

  renameKey(path: string[], to: string): void {
    const s = findStatement(this.text, path, this.doc);
    if (s) this.edits.push(renameKey(s, to));
  }

  /** Comments a statement out, saying why. */
  commentOut(path: string[], why: string): void {
    const s = findStatement(this.text, path, this.doc);
    if (!s) return;
    if (s.inline) this.fail(`${path.join(".")} is inside an inline table; move it out by hand`, s.keyStart);
    const line = this.text.slice(s.lineStart, s.nextLineStart).replace(/\r?\n$/, "");
    this.edits.push({ start: s.lineStart, end: s.nextLineStart, text: `# ${line}  # task-app migrate: ${why}\n` });
    this.notes.push(`${path.join(".")} commented out: ${why}`);
  }

  /** Removes the statements of `keys` from a header section and returns their lines. */
  takeLines(table: string[], keys: string[]): string {
    let lines = "";
    for (const key of keys) {
      const s = findStatement(this.text, [...table, key], this.doc);
      if (!s) continue;
      if (s.inline || s.prefix) this.fail(`${[...table, key].join(".")} is not a plain key line of [${table.join(".")}]; move it by hand`, s.keyStart);
      const line = this.text.slice(s.lineStart, s.nextLineStart);
      lines += line.endsWith("\n") ? line : `${line}\n`;
      this.edits.push({ start: s.lineStart, end: s.nextLineStart, text: "" });
    }
    return lines;
  }

  /** Where text joins the body of a header's section: after its last non-blank line. */
  bodyEnd(h: Header): number {
    let at = sectionEnd(this.headers, h, this.text);
    while (at > h.nextLineStart && this.text.slice(0, at).endsWith("\n\n")) at--;
    return at;
  }

  /**
   * Moves the body of section `from` into section `to` (both written as
   * headers): keys `to` already has with the same value are dropped, a key
   * with a different value fails.
   */
  mergeSection(from: string[], to: string[]): void {
    const source = valueAt(this.doc.value, from) as Record<string, unknown>;
    const target = valueAt(this.doc.value, to) as Record<string, unknown>;
    const h = this.header(from);
    const end = sectionEnd(this.headers, h, this.text);
    const drops: [number, number][] = [];
    for (const key of Object.keys(source).filter((k) => k in target)) {
      const s = findStatement(this.text, [...from, key], this.doc);
      if (!s || JSON.stringify(source[key]) !== JSON.stringify(target[key]))
        this.fail(`[${from.join(".")}] and [${to.join(".")}] both set ${key}, differently; keep one before migrating`, s?.keyStart ?? h.keyStart);
      drops.push([s.lineStart - h.nextLineStart, s.nextLineStart - h.nextLineStart]);
    }
    let body = this.text.slice(h.nextLineStart, end);
    for (const [a, b] of drops.sort((x, y) => y[0] - x[0])) body = body.slice(0, a) + body.slice(b);
    body = body.replace(/\s+$/, "");
    this.edits.push({ start: h.lineStart, end, text: "" });
    const at = this.bodyEnd(this.header(to));
    this.edits.push({ start: at, end: at, text: body ? `${body}\n` : "" });
    this.notes.push(`[${from.join(".")}] merged into [${to.join(".")}]`);
  }

  /** Inserts a new section right before the header after `after` (or at the end). */
  insertSectionAfter(after: Header, body: string): void {
    const at = sectionEnd(this.headers, after, this.text);
    const lead = at === this.text.length && !this.text.endsWith("\n") ? "\n\n" : at === this.text.length ? "\n" : "";
    this.edits.push({ start: at, end: at, text: `${lead}${body}${at === this.text.length ? "" : "\n"}` });
  }

  add(table: string[], key: string, value: unknown, why: string): void {
    const edit = addToTable(this.text, table, [[key, value]], this.doc);
    if (!edit) return;
    this.edits.push(edit);
    this.notes.push(`${[...table, key].join(".")} = ${JSON.stringify(value)} added: ${why}`);
  }

  result(): string {
    return applyOffsetEdits(this.text, matchLineEndings(this.text, this.edits));
  }
}

function toPolicyEra(e: Editor): void {
  const { doc } = e;
  const model = doc.value.model;
  if (!isTable(model)) e.fail("[model] is not a table");
  e.renameHeader(["model"], ["policy"]);
  if ("base" in model) e.renameKey(["model", "base"], "model_name");
  for (const key of MODEL_ONLY.filter((k) => k in model)) e.commentOut(["model", key], `[policy] has no ${key}`);
  if ("topology" in doc.value) {
    if (isTable(doc.value.compute) && isTable(doc.value.compute.topology)) e.mergeSection(["topology"], ["compute", "topology"]);
    else e.renameHeader(["topology"], ["compute", "topology"]);
  }
  if ("lora" in doc.value) e.renameHeader(["lora"], ["training", "lora"]);
  const training = doc.value.training;
  if (isTable(training)) {
    const rewards = REWARD_KEYS.filter((k) => k in training);
    if (rewards.length) {
      if ("rewards" in training) e.fail("[training] has reward keys and a [training.rewards] table; keep one place before migrating");
      const lines = e.takeLines(["training"], rewards);
      e.insertSectionAfter(e.header(["training"]), `[training.rewards]\n${lines}`);
    }
    for (const key of ["log_interval", "weight_sync_interval"])
      if (!(key in training)) e.add(["training"], key, 1, "synth-ai's later CLI requires it");
    const sync = training.weight_sync;
    if (isTable(sync) && sync.enable === undefined) e.add(["training", "weight_sync"], "enable", true, "synth-ai's later CLI requires it");
  }
  const type = isTable(doc.value.algorithm) ? doc.value.algorithm.type : undefined;
  if (typeof type === "string" && type !== "online" && type.trim().toLowerCase() === "online") {
    const s = findStatement(e.text, ["algorithm", "type"], doc);
    if (s) e.edits.push(replaceValue(s, "online"));
    e.notes.push('algorithm.type written "online": the later CLI compares it case-sensitively');
  }
  const judge = doc.value.judge;
  const options = isTable(judge) ? judge.options : undefined;
  const provider = e.judge?.provider ?? (isTable(options) ? options.provider : undefined);
  const judgeModel = e.judge?.model ?? (isTable(options) ? options.model : undefined);
  if (isTable(judge) && Object.keys(judge).length && (typeof provider !== "string" || typeof judgeModel !== "string"))
    e.notes.push("set judge.options.provider (openai, groq or gemini) and judge.options.model (--judge-provider and --judge-model do it): synth-ai's later CLI refuses a [judge] without them");
  const rollout = doc.value.rollout;
  if (isTable(rollout) && rollout.rubric_rewards_only !== true && rollout.task_app_origin_rewards_only !== true && !e.rewardSource)
    e.notes.push(
      "set exactly one of rollout.rubric_rewards_only or rollout.task_app_origin_rewards_only = true (--reward-source task-app or --reward-source rubric does it): synth-ai's later CLI refuses a [policy]-era config with neither",
    );
}

/**
 * Moves [policy] sampling lines into [rollout.policy_config] (created after
 * [rollout] when missing); a key that table already sets the same way is
 * dropped, set differently fails.
 */
function moveToPolicyConfig(e: Editor, keys: string[]): void {
  const { doc } = e;
  const policy = doc.value.policy as Record<string, unknown>;
  const rollout = doc.value.rollout;
  if (!isTable(rollout)) e.fail(`[policy] sets ${keys.join(", ")}, which 0.2.13 keeps in [rollout.policy_config], and there is no [rollout] table; add one before migrating`);
  const config = isTable(rollout.policy_config) ? rollout.policy_config : undefined;
  const moved: string[] = [];
  const dropped: string[] = [];
  for (const key of keys) {
    if (config && key in config) {
      const s = findStatement(e.text, ["policy", key], doc)!;
      if (JSON.stringify(config[key]) !== JSON.stringify(policy[key])) e.fail(`[policy] and [rollout.policy_config] both set ${key}, differently; keep one before migrating`, s.keyStart);
      e.takeLines(["policy"], [key]);
      dropped.push(key);
    } else moved.push(key);
  }
  const lines = e.takeLines(["policy"], moved);
  if (lines) {
    if (config) {
      const at = e.bodyEnd(e.header(["rollout", "policy_config"]));
      e.edits.push({ start: at, end: at, text: lines });
    } else e.insertSectionAfter(e.header(["rollout"]), `[rollout.policy_config]\n${lines}`);
    e.notes.push(`${moved.map((k) => `policy.${k}`).join(", ")} moved to [rollout.policy_config]: where 0.2.13 keeps the policy's sampling settings`);
  }
  if (dropped.length) e.notes.push(`${dropped.map((k) => `policy.${k}`).join(", ")} dropped: [rollout.policy_config] sets the same value`);
}

/** Writes judge.options.provider / model: in [judge.options] when it is a table header, else as a new [judge.options] after [judge]. */
function setJudgeOptions(e: Editor, wanted: { provider?: string; model?: string }): void {
  const { doc } = e;
  const judge = doc.value.judge;
  if (!isTable(judge)) e.fail("--judge-provider and --judge-model set judge.options, and the config has no [judge] table");
  const options = isTable(judge.options) ? judge.options : undefined;
  const entries = (["provider", "model"] as const).filter((k) => wanted[k] !== undefined).map((k): [string, string] => [k, wanted[k]!]);
  const missing: [string, string][] = [];
  for (const [key, value] of entries) {
    if (options?.[key] === value) continue;
    const s = options && key in options ? findStatement(e.text, ["judge", "options", key], doc) : undefined;
    if (s) e.edits.push(replaceValue(s, value));
    else missing.push([key, value]);
    e.notes.push(`judge.options.${key} = ${JSON.stringify(value)}: --judge-${key}`);
  }
  if (!missing.length) return;
  const lines = missing.map(([k, v]) => `${k} = ${JSON.stringify(v)}\n`).join("");
  if (options) {
    const at = e.bodyEnd(e.header(["judge", "options"]));
    e.edits.push({ start: at, end: at, text: lines });
  } else e.insertSectionAfter(e.header(["judge"]), `[judge.options]\n${lines}`);
}

/** Makes `source` the reward source: its flag true in [rollout], the other one false if it was true. */
function setRewardSource(e: Editor, source: RewardSource): void {
  const { doc } = e;
  const rollout = doc.value.rollout;
  if (!isTable(rollout)) e.fail("--reward-source needs a [rollout] table to set it in");
  const key = REWARD_SOURCE_KEYS[source];
  const other = REWARD_SOURCE_KEYS[source === "rubric" ? "task-app" : "rubric"];
  if (rollout[key] !== true) {
    const s = findStatement(e.text, ["rollout", key], doc);
    if (s) e.edits.push(replaceValue(s, true));
    else e.add(["rollout"], key, true, `--reward-source ${source}`);
    if (s) e.notes.push(`rollout.${key} = true: --reward-source ${source}`);
  }
  if (rollout[other] === true) {
    const s = findStatement(e.text, ["rollout", other], doc);
    if (s) e.edits.push(replaceValue(s, false));
    e.notes.push(`rollout.${other} = false: --reward-source ${source} (exactly one source is true)`);
  }
}

function toModelEra(e: Editor): void {
  const { doc } = e;
  const policy = doc.value.policy;
  if (!isTable(policy)) e.fail("[policy] is not a table");
  e.renameHeader(["policy"], ["model"]);
  if ("model_name" in policy) e.renameKey(["policy", "model_name"], "base");
  const sampling = POLICY_TO_ROLLOUT.filter((k) => k in policy);
  if (sampling.length) moveToPolicyConfig(e, sampling);
  for (const key of POLICY_ONLY.filter((k) => k in policy)) e.commentOut(["policy", key], `0.2.13 has no place for ${key}`);
  const compute = doc.value.compute;
  if (isTable(compute) && "topology" in compute) e.renameHeader(["compute", "topology"], ["topology"]);
  const training = doc.value.training;
  if (isTable(training) && "lora" in training) e.renameHeader(["training", "lora"], ["lora"]);
  if (isTable(training) && isTable(training.rewards)) {
    const clash = REWARD_KEYS.filter((k) => k in training);
    if (clash.length) e.fail(`[training] already has ${clash.join(", ")}; keep one place before migrating`);
    const rewards = e.header(["training", "rewards"]);
    const end = sectionEnd(e.headers, rewards, e.text);
    let body = e.text.slice(rewards.nextLineStart, end).replace(/\s+$/, "");
    body = body ? `${body}\n` : "";
    e.edits.push({ start: rewards.lineStart, end, text: "" });
    const trainingHeader = e.header(["training"]);
    const at = sectionEnd(e.headers, trainingHeader, e.text);
    // Before the blank lines that end [training], so the moved keys join its body.
    let insertAt = at;
    while (insertAt > trainingHeader.nextLineStart && e.text.slice(0, insertAt).endsWith("\n\n")) insertAt--;
    e.edits.push({ start: insertAt, end: insertAt, text: body });
  }
}

/**
 * Migrates RL config text to `to` (and sets the reward source when asked,
 * also in a config already in that era); throws MigrateError when it
 * cannot, and returns the text unchanged when there is nothing to do.
 */
export function migrateRLConfig(text: string, to: Era, options: MigrateOptions = {}): MigrateResult {
  const doc = parseOrUndefined(text);
  if (!doc) throw new MigrateError("the file is not valid TOML: run `task-app validate` on it first");
  const from = eraOf(doc.value);
  if (!from) throw new MigrateError("no [model] or [policy] table: migrate moves RL configs between the 0.2.13 and [policy] eras");
  const judge = options.judge && (options.judge.provider !== undefined || options.judge.model !== undefined) ? options.judge : undefined;
  if (judge?.provider !== undefined && !(JUDGE_PROVIDERS as readonly string[]).includes(judge.provider))
    throw new MigrateError(`--judge-provider ${JSON.stringify(judge.provider)}: synth-ai's later CLI accepts ${JUDGE_PROVIDERS.join(", ")}`);
  if (judge?.model !== undefined && judge.model.trim() === "") throw new MigrateError("--judge-model is blank: name the judge's model id");
  if (from === to && !options.rewardSource && !judge) return { from, to, text, notes: [] };
  const editor = new Editor(text, doc);
  editor.rewardSource = options.rewardSource;
  editor.judge = judge;
  if (from !== to) {
    if (to === "policy") toPolicyEra(editor);
    else toModelEra(editor);
  }
  if (options.rewardSource) setRewardSource(editor, options.rewardSource);
  if (judge) setJudgeOptions(editor, judge);
  return { from, to, text: editor.result(), notes: editor.notes };
}
