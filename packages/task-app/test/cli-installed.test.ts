/**
 * `task-app generate` belongs to a source checkout: listed by --help here.
 * The installed side (the tarball installed as a dependency, so none of this
 * package's dev dependencies are there: `generate` hidden and explaining
 * itself, `--version` from the installed package) runs in
 * test/e2e-templates.test.ts, on the install its rows share.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "./helpers/run-cli.js";

test("in the source checkout, generate is listed by --help", async () => {
  const help = await runCli(["--help"]);
  assert.match(help.stdout, /task-app generate\s+Write the generated schemas/);
});
