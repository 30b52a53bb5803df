/**
 * The synth-ai corpus is optional: with SYNTH_AI_COMPAT_DIR naming an empty
 * folder, the suites that read it pass, each corpus-dependent test skipping and
 * saying why.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

test("migrate and lsp-diagnostics pass without the corpus, skipping what needs it", () => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // set by the runner around this file: the child runs its own
  const empty = mkdtempSync(join(tmpdir(), "task-app-no-corpus-"));
  try {
    const run = spawnSync(
      process.execPath,
      ["--import", "./scripts/test-loader.mjs", "--test", "--test-reporter=tap", "test/migrate.test.ts", "test/lsp-diagnostics.test.ts"],
      { cwd: ROOT, env: { ...env, SYNTH_AI_COMPAT_DIR: empty }, encoding: "utf8" },
    );
    const out = run.stdout;
    assert.match(out, /^# fail 0$/m, out.split("\n").filter((l) => /^\s*not ok/.test(l)).join("\n") || run.stderr);
    assert.equal(run.status, 0, run.stderr);
    for (const name of ["both eras were exercised", "the corpus is read with the rest"]) {
      assert.match(out, new RegExp(`ok \\d+ - ${name}[^\\n]*# SKIP SKIPPED: the synth-ai corpus is not there \\(looked in ${empty.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")};`), name);
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
