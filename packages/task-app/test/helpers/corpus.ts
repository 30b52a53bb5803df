/**
 * Test helpers for config text: the reader of the synth-ai compat corpus
 * (real configs plus the verdicts in SOURCES.md), and two small tools for
 * writing exact expectations against inline TOML (`edit`, `positionOf`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the corpus lives unless SYNTH_AI_COMPAT_DIR says otherwise: `shared/` beside the repository. */
export const DEFAULT_CORPUS_DIR = fileURLToPath(new URL("../../../../../shared/compat/synth-ai", import.meta.url));

export function corpusDir(): string {
  return process.env.SYNTH_AI_COMPAT_DIR || DEFAULT_CORPUS_DIR;
}

/** Why a test that needs the corpus skipped: a clone of the repository alone has no `shared/` beside it. */
export const noCorpusReason = () => `SKIPPED: the synth-ai corpus is not there (looked in ${corpusDir()}; a clone of the repository alone has none, set SYNTH_AI_COMPAT_DIR to a copy)`;

/** What `task-app validate` must say of a file, from the "task-app verdict" column. */
export type Verdict = "valid" | "invalid" | "not-a-train-config";

export interface CorpusEntry {
  /** Path in the synth-ai repository (`examples/rl/crafter_online.toml`). */
  repoPath: string;
  /** File name inside `configs/` (every `/` of the repo path replaced by `__`). */
  file: string;
  /** Absolute path of the copy. */
  path: string;
  commit: string;
  /** The "kind" column, e.g. `rl + vision`. */
  kind: string;
  /** The "0.2.13 SDK check / notes" column. */
  notes: string;
  verdict: Verdict;
  /** The verdict cell as written. */
  verdictText: string;
}

export interface Corpus {
  dir: string;
  configsDir: string;
  entries: CorpusEntry[];
  /** File names present in `configs/`. */
  files: string[];
}

/** Splits one markdown table row into trimmed cells (no escaped pipes in this table). */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}

function verdictOf(text: string, row: string): Verdict {
  const t = text.toLowerCase();
  if (t.startsWith("valid")) return "valid";
  if (t.startsWith("invalid")) return "invalid";
  if (t.startsWith("not a train config")) return "not-a-train-config";
  throw new Error(`SOURCES.md: unrecognised verdict "${text}" in row: ${row}`);
}

/**
 * Parses the `## configs/` table of SOURCES.md. Throws when the table is
 * missing or a row does not have the five expected columns, so a format change
 * fails loudly instead of silently testing nothing.
 */
export function parseSourcesTable(markdown: string, configsDir = ""): CorpusEntry[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((l) => /^##\s+configs\/\s*$/.test(l.trim()));
  if (start < 0) throw new Error('SOURCES.md: no "## configs/" section');
  const entries: CorpusEntry[] = [];
  let header: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break;
    if (!line.trim().startsWith("|")) continue;
    const row = cells(line);
    if (!header) {
      header = row.map((h) => h.toLowerCase());
      continue;
    }
    if (row.every((c) => /^:?-+:?$/.test(c))) continue;
    if (row.length !== header.length) throw new Error(`SOURCES.md: row has ${row.length} cells, header has ${header.length}: ${line}`);
    const col = (name: string) => {
      const i = header!.findIndex((h) => h.includes(name));
      if (i < 0) throw new Error(`SOURCES.md: no "${name}" column in ${header!.join(" | ")}`);
      return row[i]!;
    };
    const repoPath = col("file");
    const file = repoPath.replaceAll("/", "__");
    const verdictText = col("verdict");
    entries.push({
      repoPath,
      file,
      path: join(configsDir, file),
      commit: col("commit"),
      kind: col("kind"),
      notes: col("notes"),
      verdict: verdictOf(verdictText, line),
      verdictText,
    });
  }
  if (!entries.length) throw new Error("SOURCES.md: the configs/ table has no rows");
  return entries;
}

/** Reads the corpus, or returns undefined when its directory is absent. */
export function readCorpus(dir = corpusDir()): Corpus | undefined {
  const configsDir = join(dir, "configs");
  const sources = join(dir, "SOURCES.md");
  if (!existsSync(configsDir) || !existsSync(sources)) return undefined;
  return {
    dir,
    configsDir,
    entries: parseSourcesTable(readFileSync(sources, "utf8"), configsDir),
    files: readdirSync(configsDir).filter((f) => f.endsWith(".toml")).sort(),
  };
}

/**
 * Applies exact text replacements to a config, failing when a `from` text
 * does not occur exactly once (so a fixture edit can never silently miss).
 */
export function edit(text: string, ...replacements: [from: string, to: string][]): string {
  let out = text;
  for (const [from, to] of replacements) {
    const first = out.indexOf(from);
    if (first < 0) throw new Error(`edit: ${JSON.stringify(from)} not found`);
    if (out.indexOf(from, first + 1) >= 0) throw new Error(`edit: ${JSON.stringify(from)} occurs more than once`);
    out = out.slice(0, first) + to + out.slice(first + from.length);
  }
  return out;
}

/**
 * `line:column` (1-based) of `needle` in `text`, the way findings report it:
 * a key is reported where its name starts, so for a table header needle
 * (`[model]`, `[rollout.policy_config]`) the column is that of the last name
 * in the brackets. `"A>>B"` finds the first B after the first A, for keys that
 * occur in several tables. The empty needle is the whole file, 1:1. Without
 * `A>>`, the needle must occur exactly once.
 */
export function positionOf(text: string, needle: string): string {
  if (needle === "") return "1:1";
  const split = needle.indexOf(">>");
  const after = split >= 0 ? needle.slice(0, split) : "";
  const target = split >= 0 ? needle.slice(split + 2) : needle;
  let from = 0;
  if (after) {
    const a = text.indexOf(after);
    if (a < 0) throw new Error(`positionOf: ${JSON.stringify(after)} not found`);
    from = a + after.length;
  }
  const at = text.indexOf(target, from);
  if (at < 0) throw new Error(`positionOf: ${JSON.stringify(needle)} not found`);
  if (text.indexOf(target, at + 1) >= 0 && !after) throw new Error(`positionOf: ${JSON.stringify(needle)} is not unique; use "A>>B"`);
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const header = /^\[\[?([^\]]+)\]\]?$/.exec(target);
  const offset = header ? target.indexOf(header[1]!) + header[1]!.lastIndexOf(".") + 1 : 0;
  const column = at - (before.lastIndexOf("\n") + 1) + 1 + offset;
  return `${line}:${column}`;
}
