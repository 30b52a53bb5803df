/**
 * The docs' shell blocks, doctest style. Every ```sh / ```bash block of
 * README.md, CONTRIBUTING.md, docs/*.md and packages/*\/README.md, and of the
 * scaffold's README (templates/base/README.md), is read; each `task-app …`
 * (or `npx task-app …`) command in it:
 *
 * - parses with the CLI's own yargs definition, strict: an unknown command,
 *   flag or positional, a missing argument or a value outside its choices
 *   fails (no handler runs);
 * - and, unless the block is marked `<!-- doctest: parse-only (why) -->`,
 *   runs for real, in-process, in a scratch math project (the scaffold, with
 *   this package linked as its task-app) that holds five scripted eval
 *   rollouts' traces and the filter's ft_data/train.jsonl, and exits 0.
 *   Globs are expanded in the project and `<session_id>` is a stored
 *   session's id; each block's changes to configs/ are undone after it.
 *
 * The scaffold's README is parsed only (its loop is run, as written, by
 * test/e2e-templates.test.ts in an installed project). A negative control
 * holds the parse to failing on a misspelled flag and command.
 */
import assert from "node:assert/strict";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { scaffoldMathProject } from "./helpers/math-traces.js";
import { PACKAGE_ROOT, REPO_ROOT } from "./helpers/roots.js";
import { parseCommand, shellBlocks, taskAppCommands } from "./helpers/shell-blocks.js";

const docs = join(REPO_ROOT, "docs");
const packages = join(REPO_ROOT, "packages");
/** The docs whose blocks run unless marked. */
const RUN_FILES = [
  join(REPO_ROOT, "README.md"),
  join(REPO_ROOT, "CONTRIBUTING.md"),
  ...readdirSync(docs).filter((f) => f.endsWith(".md")).sort().map((f) => join(docs, f)),
  ...readdirSync(packages).sort().map((p) => join(packages, p, "README.md")).filter((f) => existsSync(f)),
];
/** Docs parsed only. */
const PARSE_FILES = [join(PACKAGE_ROOT, "templates", "base", "README.md")];

interface Found {
  where: string;
  argv: string[];
  text: string;
  run: boolean;
}

const found: Found[] = [];
for (const file of [...RUN_FILES, ...PARSE_FILES]) {
  const text = await readFile(file, "utf8");
  for (const block of shellBlocks(text))
    for (const command of taskAppCommands(block.code))
      found.push({ where: `${relative(REPO_ROOT, file)}:${block.line}`, ...command, run: RUN_FILES.includes(file) && block.parseOnly === undefined });
}

test("the docs hold task-app commands, some to run and some to parse only", () => {
  assert.ok(found.length >= 50, `found ${found.length}`);
  assert.ok(found.filter((f) => f.run).length >= 15, "commands that run here");
  assert.ok(found.some((f) => !f.run && f.where.startsWith("docs/deploy.md")), "the cluster's commands are parsed only");
});

test("every task-app command of the docs parses with the CLI", async () => {
  const failed: string[] = [];
  for (const { where, argv, text } of found) {
    const error = await parseCommand(argv);
    if (error) failed.push(`${where}: ${text}\n    ${error}`);
  }
  assert.deepEqual(failed, []);
});

test("negative control: a misspelled flag, an unknown command, a missing argument fail the parse", async () => {
  const block = [
    "npx task-app validate configs/*.toml --jsno          # a typo",
    "npx task-app traces lss",
    "task-app export-sft traces/v3 --out ft_data/train.jsonl \\",
    "  --min-outcome-rewrd 0.5",
    "npm run serve && npx task-app evl --app src/app.ts",
    "npx task-app traces show",
    "npx task-app migrate configs/rl.toml --to 0.3",
  ].join("\n");
  const commands = taskAppCommands(block);
  assert.equal(commands.length, 6);
  const errors = await Promise.all(commands.map((c) => parseCommand(c.argv)));
  assert.ok(errors.every(Boolean), JSON.stringify(errors));
  assert.match(errors[0]!, /Unknown argument: jsno/);
  assert.match(errors[2]!, /Unknown arguments?: min-outcome-rewrd\b/);
  assert.match(errors[3]!, /Did you mean eval\?/);
  assert.equal(await parseCommand(["validate", "configs/rl.toml", "--json"]), undefined, "and the same commands spelt right parse");
  assert.deepEqual(shellBlocks("<!-- doctest: parse-only (needs a cluster) -->\n\n```sh\ntask-app deploy render\n```\n```bash\nx\n```\n")
    .map((b) => b.parseOnly), ["needs a cluster", undefined]);
});

describe("the docs' runnable blocks run in a scratch math project", () => {
  let work = "";
  let project = "";
  let sessionId = "";
  const env = () => ({ ...process.env, TASKAPP_TRACE_DB: undefined, NO_COLOR: "1" }) as NodeJS.ProcessEnv;
  const cli = (argv: string[]) => runCliInProcess(argv, { cwd: project, env: env() });

  before(async () => {
    work = await mkdtemp(join(tmpdir(), "docs-commands-"));
    project = await scaffoldMathProject(join(work, "math"));
    const evaluated = await cli(["eval", "--app", "src/app.ts", "--model", "scripted", "--seeds", "1-5"]);
    assert.equal(evaluated.code, 0, evaluated.stderr);
    const filtered = await cli(["filter", "--config", "configs/filter.toml"]);
    assert.equal(filtered.code, 0, filtered.stderr);
    const listed = await cli(["traces", "ls", "--json"]);
    sessionId = (JSON.parse(listed.stdout) as { session_id: string }[])[0]!.session_id;
  });
  after(() => rm(work, { recursive: true, force: true }));

  /** A word as the shell would give it: a glob expanded in the project (sorted), `<session_id>` filled in. */
  const expand = async (word: string): Promise<string[]> => {
    if (word === "<session_id>") return [sessionId];
    assert.doesNotMatch(word, /^<.*>$/, `a placeholder this test cannot fill: ${word}; mark the block parse-only`);
    if (!word.includes("*")) return [word];
    const dir = dirname(word);
    const pattern = new RegExp(`^${basename(word).replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
    const names = (await readdir(join(project, dir)).catch(() => [] as string[])).filter((n) => pattern.test(n)).sort();
    return names.length ? names.map((n) => (dir === "." ? n : `${dir}/${n}`)) : [word];
  };

  test("each exits 0", async () => {
    const runs = found.filter((f) => f.run);
    const blocks = [...new Set(runs.map((f) => `${f.where}`))];
    for (const block of blocks) {
      const saved = join(work, "configs-saved");
      await rm(saved, { recursive: true, force: true });
      await cp(join(project, "configs"), saved, { recursive: true });
      for (const { where, argv, text } of runs.filter((f) => f.where === block)) {
        const args = (await Promise.all(argv.map(expand))).flat();
        const result = await cli(args);
        assert.equal(result.code, 0, `${where}: ${text} exited ${result.code} (a block that cannot run here is marked <!-- doctest: parse-only (why) -->)\n${result.stderr}`);
      }
      await rm(join(project, "configs"), { recursive: true, force: true });
      await cp(saved, join(project, "configs"), { recursive: true });
    }
    assert.ok(blocks.length >= 3, `blocks run: ${blocks.join(", ")}`);
    const ran = runs.map((r) => r.argv.join(" "));
    for (const command of ["eval --app src/app.ts --model scripted --seeds 1-5", "traces show <session_id>", "validate-jsonl ft_data/train.jsonl", "migrate configs/rl.toml --write"])
      assert.ok(ran.includes(command), `${command} is among the commands run`);
  });
});
