/**
 * `task-app add rubric` and `task-app add dataset`: the files they create,
 * the registration they insert into src/app.ts (and nothing else), running
 * twice changes nothing, unparsable apps and bad names are refused. That the
 * result type-checks is scaffold-typecheck.test.ts's subject.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { addDataset } from "../src/codemods/add-dataset.js";
import { addRubric } from "../src/codemods/add-rubric.js";
import { openAppFile, saveAppFile } from "../src/codemods/app-file.js";
import { CodemodError } from "../src/codemods/errors.js";
import { createTaskApp } from "../src/scaffold/create.js";
import { runCli } from "./helpers/run-cli.js";

const root = await mkdtemp(path.join(os.tmpdir(), "codemod-"));
after(() => rm(root, { recursive: true, force: true }));
let counter = 0;
async function project(template = "math"): Promise<string> {
  const made = await createTaskApp({ dir: path.join(root, `p${++counter}`), template, environmentApiKey: false });
  return made.dir;
}
const appText = (dir: string) => readFile(path.join(dir, "src", "app.ts"), "utf8");
/** A project whose src/app.ts is written with defineTaskApp (registries of its own), as the math template's was before it was a declared environment. */
async function taskAppProject(): Promise<string> {
  const dir = await project();
  await writeFile(path.join(dir, "src", "app.ts"), await readFile(new URL("./fixtures/codemod/define-task-app.ts.txt", import.meta.url)));
  return dir;
}

/** The lines of `after` that are not in `before`, asserting that every line of `before` survives in order. */
function addedLines(before: string, afterText: string): string[] {
  const b = before.split("\n");
  const a = afterText.split("\n");
  const added: string[] = [];
  let i = 0;
  for (const line of a) {
    if (i < b.length && line === b[i]) i++;
    else added.push(line);
  }
  assert.equal(i, b.length, "every original line is kept, in order");
  return added;
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (e: unknown) => e instanceof CodemodError && e.code === code);
}

describe("add rubric", () => {
  it("creates the rubric file and registers it in a defineTaskApp app's rubrics, touching nothing else", async () => {
    const dir = await taskAppProject();
    const before = await appText(dir);
    const result = await addRubric(dir, "style");
    assert.deepEqual(result, { created: ["rubrics/style.json"], modified: ["src/app.ts"] });
    assert.deepEqual(addedLines(before, await appText(dir)), ['  style: await loadRubricFile("style"),']);
    const rubric = JSON.parse(await readFile(path.join(dir, "rubrics", "style.json"), "utf8"));
    assert.equal(rubric.$schema, "../node_modules/task-app/schemas/rubric.schema.json");
    assert.deepEqual(
      rubric.outcome.criteria.map((c: { id: string }) => c.id),
      ["correct_answer", "used_tool"],
    );
  });

  it("creates the rubric file alone for a declared environment, which reads its rubrics folder", async () => {
    const dir = await project();
    const before = await appText(dir);
    assert.deepEqual(await addRubric(dir, "style"), { created: ["rubrics/style.json"], modified: [] });
    assert.equal(await appText(dir), before);
    const rubric = JSON.parse(await readFile(path.join(dir, "rubrics", "style.json"), "utf8"));
    assert.deepEqual(
      rubric.outcome.criteria.map((c: { id: string }) => c.id),
      ["correct_answer", "used_tool"],
    );
  });

  it("gives a declared environment without rubrics its rubrics folder, and adds to rubrics given by name", async () => {
    const dir = await project();
    const text = await appText(dir);
    await writeFile(path.join(dir, "src", "app.ts"), text.replace(/^ {2}rubrics: .*\n/m, ""));
    const bare = await appText(dir);
    assert.deepEqual(await addRubric(dir, "style"), { created: ["rubrics/style.json"], modified: ["src/app.ts"] });
    assert.deepEqual(addedLines(bare, await appText(dir)), ['  rubrics: new URL("../rubrics/", import.meta.url),']);
    await writeFile(path.join(dir, "src", "app.ts"), text.replace(/^ {2}rubrics: .*$/m, '  rubrics: {\n    outcome: new URL("../rubrics/outcome.json", import.meta.url),\n  },'));
    const named = await appText(dir);
    assert.deepEqual(await addRubric(dir, "tone"), { created: ["rubrics/tone.json"], modified: ["src/app.ts"] });
    assert.deepEqual(addedLines(named, await appText(dir)), ['    tone: new URL("../rubrics/tone.json", import.meta.url),']);
  });

  it("changes nothing the second time", async () => {
    const dir = await project();
    await addRubric(dir, "style");
    const app = await appText(dir);
    const file = await readFile(path.join(dir, "rubrics", "style.json"), "utf8");
    assert.deepEqual(await addRubric(dir, "style"), { created: [], modified: [] });
    assert.equal(await appText(dir), app);
    assert.equal(await readFile(path.join(dir, "rubrics", "style.json"), "utf8"), file);
  });

  it("treats the shipped rubrics as registered", async () => {
    const dir = await taskAppProject();
    assert.deepEqual(await addRubric(dir, "outcome"), { created: [], modified: [] });
    assert.deepEqual(await addRubric(dir, "events", { kind: "events" }), { created: [], modified: [] });
  });

  it("quotes a dashed name and can score events", async () => {
    const dir = await taskAppProject();
    const before = await appText(dir);
    await addRubric(dir, "turn-quality", { kind: "events" });
    assert.deepEqual(addedLines(before, await appText(dir)), ['  "turn-quality": await loadRubricFile("turn-quality"),']);
    const rubric = JSON.parse(await readFile(path.join(dir, "rubrics", "turn-quality.json"), "utf8"));
    assert.ok(rubric.events.criteria.some((c: { id: string }) => c.id === "tool_call"));
  });

  it("keeps an existing rubric file and only registers it", async () => {
    const dir = await taskAppProject();
    const mine = '{ "outcome": { "version": "7", "criteria": [] } }\n';
    await writeFile(path.join(dir, "rubrics", "mine.json"), mine);
    assert.deepEqual(await addRubric(dir, "mine"), { created: [], modified: ["src/app.ts"] });
    assert.equal(await readFile(path.join(dir, "rubrics", "mine.json"), "utf8"), mine);
  });

  it("follows the file's own style: tabs, no trailing comma, a missing import", async () => {
    const dir = await project();
    const source = [
      "import {createDatasetRegistry} from 'task-app'",
      "import { finishEpisode } from './episode.js'",
      "",
      "export const datasets = createDatasetRegistry()",
      "export const rubrics = {",
      "\toutcome: null",
      "}",
      "void finishEpisode",
      "",
    ].join("\n");
    await writeFile(path.join(dir, "src", "app.ts"), source);
    await addRubric(dir, "style");
    assert.equal(
      await appText(dir),
      [
        "import {createDatasetRegistry} from 'task-app'",
        "import { finishEpisode, loadRubricFile } from './episode.js'",
        "",
        "export const datasets = createDatasetRegistry()",
        "export const rubrics = {",
        "\toutcome: null,",
        '\tstyle: await loadRubricFile("style"),',
        "}",
        "void finishEpisode",
        "",
      ].join("\n"),
    );
  });
});

describe("add dataset", () => {
  it("imports and registers it with a defineTaskApp app's registry, after the last registration", async () => {
    const dir = await taskAppProject();
    const before = await appText(dir);
    await addDataset(dir, "word-puzzles");
    assert.deepEqual(addedLines(before, await appText(dir)), [
      'import * as wordPuzzlesDataset from "./datasets/word-puzzles.js";',
      "datasets.register(wordPuzzlesDataset.spec, wordPuzzlesDataset.load);",
    ]);
  });

  it("creates the module and data file, imports and registers it, touching nothing else", async () => {
    const dir = await project();
    const before = await appText(dir);
    const result = await addDataset(dir, "word-puzzles");
    assert.deepEqual(result, { created: ["src/datasets/word-puzzles.ts", "data/word-puzzles.jsonl"], modified: ["src/app.ts"] });
    assert.deepEqual(addedLines(before, await appText(dir)), ['import * as wordPuzzlesDataset from "./datasets/word-puzzles.js";', "  datasets: [wordPuzzlesDataset],"]);
    const app = await appText(dir);
    assert.ok(app.indexOf("datasets: [wordPuzzlesDataset]") > app.indexOf("dataset: arithmetic,"));
    // A second one joins the list.
    await addDataset(dir, "riddles");
    assert.match(await appText(dir), /^ {2}datasets: \[wordPuzzlesDataset, riddlesDataset\],$/m);
    const rows = (await readFile(path.join(dir, "data", "word-puzzles.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(rows.map((r) => r.split), ["train", "test"]);
  });

  it("changes nothing the second time", async () => {
    const dir = await project("vision");
    await addDataset(dir, "mazes");
    const app = await appText(dir);
    assert.deepEqual(await addDataset(dir, "mazes"), { created: [], modified: [] });
    assert.equal(await appText(dir), app);
  });

  it("recognises the template's own dataset module", async () => {
    const dir = await project();
    assert.deepEqual(await addDataset(dir, "arithmetic"), { created: [], modified: [] });
  });
});

describe("refusals", () => {
  it("refuses an app file that does not parse, and writes nothing", async () => {
    const dir = await project();
    const broken = "export const rubrics = {\n  outcome: await loadRubricFile(\"outcome\"\n};\n";
    await writeFile(path.join(dir, "src", "app.ts"), broken);
    const before = await readdir(path.join(dir, "rubrics"));
    await rejectsWith(addRubric(dir, "style"), "parse_error");
    await rejectsWith(addDataset(dir, "puzzles"), "parse_error");
    assert.equal(await appText(dir), broken);
    assert.deepEqual(await readdir(path.join(dir, "rubrics")), before);
    assert.ok(!existsSync(path.join(dir, "src", "datasets", "puzzles.ts")));
  });

  it("refuses names that are not plain kebab-case (no paths)", async () => {
    const dir = await project();
    for (const name of ["../evil", "a/b", "Style", "style check", "", "-x", "x--y", "x".repeat(65), "..", "x.json"]) {
      await rejectsWith(addRubric(dir, name), "invalid_name");
      await rejectsWith(addDataset(dir, name), "invalid_name");
    }
    assert.ok(!existsSync(path.join(dir, "..", "evil.json")));
  });

  it("refuses a project without src/app.ts or without a registry", async () => {
    const empty = await mkdtemp(path.join(root, "empty-"));
    await rejectsWith(addRubric(empty, "style"), "no_app_file");
    const dir = await project();
    await writeFile(path.join(dir, "src", "app.ts"), "export const app = 1;\n");
    await rejectsWith(addRubric(dir, "style"), "no_registry");
    await rejectsWith(addDataset(dir, "puzzles"), "no_registry");
    assert.ok(!existsSync(path.join(dir, "rubrics", "style.json")));
  });
});

describe("task-app add (CLI)", () => {
  it("reports what it did, then that nothing changed", async () => {
    const dir = await project();
    const first = await runCli(["add", "rubric", "style", "--dir", dir]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, "created  rubrics/style.json\n");
    const second = await runCli(["add", "rubric", "style", "--dir", dir]);
    assert.equal(second.stdout, "rubric style is already there; nothing changed\n");
    const dataset = await runCli(["add", "dataset", "puzzles"], dir);
    assert.equal(dataset.code, 0, dataset.stderr);
    assert.match(dataset.stdout, /created {2}src\/datasets\/puzzles\.ts/);
  });

  it("exits 1 with the reason on a refusal, 2 on a usage error", async () => {
    const dir = await project();
    const bad = await runCli(["add", "rubric", "../x", "--dir", dir]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /invalid rubric name/);
    const usage = await runCli(["add", "widget", "x", "--dir", dir]);
    assert.equal(usage.code, 2);
  });
});

describe("symlinks, special files and edits that would break the file", { timeout: 60_000 }, () => {
  const outside = async () => mkdtemp(path.join(root, "outside-"));

  it("refuses a rubrics/ folder that links out of the project, and writes nothing anywhere", async () => {
    const dir = await project();
    const away = await outside();
    await rm(path.join(dir, "rubrics"), { recursive: true });
    await symlink(away, path.join(dir, "rubrics"));
    const before = await appText(dir);
    await rejectsWith(addRubric(dir, "style"), "unsafe_path");
    assert.deepEqual(await readdir(away), []);
    assert.equal(await appText(dir), before);
  });

  it("refuses a src/datasets/ folder that links out of the project", async () => {
    const dir = await project();
    const away = await outside();
    await rm(path.join(dir, "src", "datasets"), { recursive: true });
    await symlink(away, path.join(dir, "src", "datasets"));
    const before = await appText(dir);
    await rejectsWith(addDataset(dir, "puzzles"), "unsafe_path");
    assert.deepEqual(await readdir(away), []);
    assert.equal(await appText(dir), before);
    assert.ok(!existsSync(path.join(dir, "data", "puzzles.jsonl")));
  });

  it("refuses a src/app.ts that links out of the project (or to nothing), leaving the target alone", async () => {
    const dir = await project();
    const away = await outside();
    const real = path.join(away, "app.ts");
    await rename(path.join(dir, "src", "app.ts"), real);
    const text = await readFile(real, "utf8");
    await symlink(real, path.join(dir, "src", "app.ts"));
    await rejectsWith(addRubric(dir, "style"), "unsafe_path");
    assert.equal(await readFile(real, "utf8"), text);
    assert.ok(!existsSync(path.join(dir, "rubrics", "style.json")));
    await rm(real);
    await rejectsWith(addRubric(dir, "style"), "unsafe_path");
  });

  it("edits the target of a src/app.ts symlink inside the project, keeping the link and the target's mode", async () => {
    const dir = await taskAppProject();
    await mkdir(path.join(dir, "app"));
    const real = path.join(dir, "app", "main.ts");
    await rename(path.join(dir, "src", "app.ts"), real);
    await chmod(real, 0o640);
    await symlink("../app/main.ts", path.join(dir, "src", "app.ts"));
    const result = await addRubric(dir, "style");
    assert.deepEqual(result.modified, ["src/app.ts"]);
    assert.ok((await lstat(path.join(dir, "src", "app.ts"))).isSymbolicLink(), "src/app.ts is still a symlink");
    assert.equal(await readlink(path.join(dir, "src", "app.ts")), "../app/main.ts");
    assert.match(await readFile(real, "utf8"), /style: await loadRubricFile\("style"\)/);
    assert.equal((await stat(real)).mode & 0o777, 0o640);
  });

  it("keeps the mode of a plain src/app.ts", async () => {
    const dir = await project();
    await chmod(path.join(dir, "src", "app.ts"), 0o600);
    await addDataset(dir, "puzzles");
    assert.equal((await stat(path.join(dir, "src", "app.ts"))).mode & 0o777, 0o600);
  });

  it("refuses a src/app.ts that is a folder or a named pipe", async () => {
    const dir = await project();
    const app = path.join(dir, "src", "app.ts");
    await rm(app);
    await mkdir(app);
    await assert.rejects(addRubric(dir, "style"), (e: unknown) => e instanceof CodemodError && e.code === "not_regular_file" && /is a folder/.test(e.message));
    await rm(app, { recursive: true });
    const fifo = spawnSync("mkfifo", [app]);
    if (fifo.status !== 0) return; // no mkfifo here
    await assert.rejects(addDataset(dir, "puzzles"), (e: unknown) => e instanceof CodemodError && e.code === "not_regular_file" && /named pipe/.test(e.message));
    assert.ok(!existsSync(path.join(dir, "src", "datasets", "puzzles.ts")));
  });

  it("refuses to save an edit that does not parse, and the file stays as it was", async () => {
    const dir = await project();
    const before = await appText(dir);
    const app = await openAppFile(dir);
    app.file.insertText(app.file.getFullText().indexOf("export default"), "const broken = {;\n");
    await assert.rejects(saveAppFile(app), (e: unknown) => e instanceof CodemodError && e.code === "edit_breaks_file" && /app\.ts:\d+:\d+: /.test(e.message));
    assert.equal(await appText(dir), before);
  });

  it("task-app add exits 1 with the reason when a path leads out of the project", async () => {
    const dir = await project();
    const away = await outside();
    await rm(path.join(dir, "rubrics"), { recursive: true });
    await symlink(away, path.join(dir, "rubrics"));
    const run = await runCli(["add", "rubric", "style", "--dir", dir]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^task-app add: refusing rubrics\/style\.json: .* leads out of the project/);
    assert.deepEqual(await readdir(away), []);
  });
});
