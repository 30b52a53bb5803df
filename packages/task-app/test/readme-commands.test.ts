/**
 * Whatever the READMEs tell a user to run works without a terminal: an
 * `npm exec` / `npx` of a package that is not installed yet (a tarball,
 * `--package=…`) passes `--yes`, or npm stops at its own "Need to install
 * the following packages… Ok to proceed?" with no terminal to answer it (as
 * in a script or CI); and `npm create task-app` passes create-task-app's own
 * `--yes` (after `--`), so the scaffolder takes its defaults and never
 * prompts. test/e2e-templates.test.ts runs that command so.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PACKAGE_ROOT, REPO_ROOT } from "./helpers/roots.js";
import { shellBlocks } from "./helpers/shell-blocks.js";

const READMES = [
  join(REPO_ROOT, "README.md"),
  join(REPO_ROOT, "CONTRIBUTING.md"),
  join(PACKAGE_ROOT, "templates/base/README.md"),
  ...readdirSync(join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => join(REPO_ROOT, "docs", f)),
  ...readdirSync(join(REPO_ROOT, "packages")).map((p) => join(REPO_ROOT, "packages", p, "README.md")).filter((f) => existsSync(f)),
];

const shellLines = (text: string) => shellBlocks(text).flatMap((block) => block.code.split("\n"));

test("every npm exec / npx of a package to fetch says --yes", () => {
  for (const file of READMES)
    for (const line of shellLines(readFileSync(file, "utf8"))) {
      if (!/\b(npm exec|npx)\b/.test(line) || !/--package[= ]|\.tgz\b|create-task-app@/.test(line)) continue;
      assert.match(line, /(npm exec|npx) (?:[^ ]+ )*?(--yes|-y)\b/, `${file}: ${line.trim()}`);
    }
});

test("every npm create task-app passes create-task-app's --yes, after --", () => {
  let seen = 0;
  for (const file of READMES)
    for (const line of shellLines(readFileSync(file, "utf8"))) {
      if (!/\bnpm (create|init) task-app\b/.test(line)) continue;
      seen++;
      assert.match(line.replace(/\s#.*$/, ""), / -- (?:[^ ]+ )*?--yes\b/, `${file}: ${line.trim()}`);
    }
  assert.ok(seen >= 2, "the create command is among them (README.md, packages/create-task-app/README.md)");
});
