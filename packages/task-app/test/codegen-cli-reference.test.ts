/**
 * generated/CLI.md, the CLI reference: one section per command and
 * subcommand `task-app --help` leads to, each the very text
 * `task-app <command> --help` prints (the bin, without a terminal: 100
 * columns; yargs' --help ends the process, so these run as processes),
 * listed in its table of contents; the same text whatever the locale.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { commandAnchor, generateCliReference, listedCommands, renderHelp } from "../src/codegen/cli-reference.js";
import { runCli } from "./helpers/run-cli.js";
import { PACKAGE_ROOT } from "./helpers/roots.js";

const reference = await generateCliReference();
const sections = new Map([...reference.matchAll(/^## (task-app(?: [\w-]+)*)\n\n```text\n([\s\S]*?)\n```$/gm)].map((m) => [m[1]!, m[2]!]));

test("the committed generated/CLI.md is the generator's output", () => {
  assert.equal(readFileSync(join(PACKAGE_ROOT, "generated", "CLI.md"), "utf8"), reference);
});

test("every command and subcommand has a section, linked from the contents", async () => {
  const top = await renderHelp([]);
  const commands = listedCommands(top);
  assert.ok(commands.length >= 15, `task-app --help lists the commands: ${commands.map((c) => c.join(" ")).join(", ")}`);
  for (const path of [["traces", "ls"], ["deploy", "render"], ["deploy", "apply"], ["jobs"], ["migrate"]]) {
    const name = ["task-app", ...path].join(" ");
    assert.ok(sections.has(name), `${name} has a section`);
    assert.ok(reference.includes(`](#${commandAnchor(path)})`), `${name} is in the contents`);
  }
  for (const path of commands) assert.ok(sections.has(["task-app", ...path].join(" ")), path.join(" "));
});

test("each section is what the CLI prints for --help", async () => {
  for (const name of ["task-app", "task-app validate", "task-app serve", "task-app traces ls", "task-app deploy apply"]) {
    const text = sections.get(name);
    assert.ok(text, name);
    const argv = [...name.split(" ").slice(1), "--help"];
    const run = await runCli(argv, PACKAGE_ROOT, { ...process.env, LANG: "C", LC_ALL: "C" });
    assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    assert.equal(run.stdout.replace(/[ \t]+$/gm, "").trimEnd(), text, name);
  }
});

test("the text does not follow the locale or the terminal", async () => {
  const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, COLUMNS: process.env.COLUMNS };
  Object.assign(process.env, { LANG: "de_DE.UTF-8", LC_ALL: "de_DE.UTF-8", COLUMNS: "40" });
  try {
    assert.equal((await renderHelp(["validate"])).trimEnd(), sections.get("task-app validate"));
  } finally {
    for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
