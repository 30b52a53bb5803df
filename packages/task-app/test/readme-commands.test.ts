/**
 * Whatever the READMEs tell a user to run works without a terminal: an
 * `npm exec` / `npx` of a package that is not installed yet (a tarball,
 * `--package=…`) passes `--yes`, or npm stops at its own "Need to install
 * the following packages… Ok to proceed?" with no terminal to answer it (as
 * in a script or CI); `npm create task-app@… <dir> -- …` passes the
 * scaffolder's `--yes`. test/e2e-templates.test.ts runs that command so.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PACKAGE_ROOT, REPO_ROOT } from "./helpers/roots.js";

const READMES = [join(REPO_ROOT, "README.md"), join(PACKAGE_ROOT, "templates/base/README.md"), join(REPO_ROOT, "docs/write-an-environment.md")];

test("every npm exec / npx of a package to fetch says --yes, and npm create passes create-task-app's own --yes", () => {
  let creates = 0;
  for (const file of READMES) {
    const text = readFileSync(file, "utf8");
    for (const block of text.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g))
      for (const line of block[1]!.split("\n")) {
        // `npm create x` installs create-x as `npm exec` would; without a terminal npm goes on, and the
        // scaffolder's own --yes (after `--`) keeps it from prompting.
        if (/\bnpm (create|init) task-app\b/.test(line)) {
          creates++;
          assert.match(line, /\bnpm (create|init) task-app@\S+ \S+ -- (?:\S+ )*?(--yes|-y)\b/, `${file}: ${line.trim()}`);
          continue;
        }
        if (!/\b(npm exec|npx)\b/.test(line) || !/--package[= ]|\.tgz\b|create-task-app@/.test(line)) continue;
        assert.match(line, /(npm exec|npx) (?:[^ ]+ )*?(--yes|-y)\b/, `${file}: ${line.trim()}`);
      }
  }
  assert.ok(creates >= 1, "the create command is among them");
});
