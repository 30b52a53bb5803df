/**
 * `applyContextOverrides` on a real folder: files written inside the
 * workspace, never through a symlink out of it (a linked folder, a linked
 * file) nor over something that is not a file; variables returned, not set;
 * a preflight script run only by the caller's runner; each override's status
 * readable by the container-era schema.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { ContextOverride, ContextOverrideStatus } from "../src/schemas/container-rollout.js";
import { applyContextOverrides } from "../src/runtime/overrides.js";

const work = mkdtempSync(join(tmpdir(), "overrides-"));
after(() => rmSync(work, { recursive: true, force: true }));

test("files land inside the workspace, variables come back, statuses fit the schema", async () => {
  const workspace = join(work, "ws1");
  const overrides = [ContextOverride.parse({ override_id: "a", file_artifacts: { "AGENTS.md": "# brief", "skills/x/y.yaml": "k: v" }, env_vars: { STRATEGY: "tests-first" } })];
  const { results, env } = await applyContextOverrides(overrides, { workspace });
  assert.equal(readFileSync(join(workspace, "AGENTS.md"), "utf8"), "# brief");
  assert.equal(readFileSync(join(workspace, "skills", "x", "y.yaml"), "utf8"), "k: v");
  assert.deepEqual(env, { STRATEGY: "tests-first" });
  assert.equal(process.env.STRATEGY, undefined, "not set on this process");
  assert.equal(results[0]!.overall_status, "applied");
  assert.deepEqual(results[0]!.file_artifacts["AGENTS.md"], { status: "applied", bytes_written: 7 });
  assert.ok(ContextOverrideStatus.safeParse(results[0]).success);
});

test("links out of the workspace and non-files are refused; the rest is applied (partial)", async () => {
  const workspace = join(work, "ws2");
  const outside = join(work, "outside");
  mkdirSync(workspace, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "secret.txt"), "keep");
  symlinkSync(outside, join(workspace, "linked-dir"));
  symlinkSync(join(outside, "secret.txt"), join(workspace, "linked-file.txt"));
  mkdirSync(join(workspace, "a-dir"));
  const files = { "linked-dir/new.txt": "x", "linked-file.txt": "overwritten", "a-dir": "x", "../escape.txt": "x", "ok.txt": "fine" };
  const { results } = await applyContextOverrides([ContextOverride.parse({ override_id: "b", file_artifacts: files })], { workspace });
  const status = results[0]!;
  assert.equal(status.overall_status, "partial");
  assert.equal(readFileSync(join(outside, "secret.txt"), "utf8"), "keep", "nothing written through a link");
  assert.throws(() => readFileSync(join(outside, "new.txt")));
  assert.throws(() => readFileSync(join(work, "escape.txt")));
  assert.equal(readFileSync(join(workspace, "ok.txt"), "utf8"), "fine");
  const byFile = Object.fromEntries(Object.entries(status.file_artifacts).map(([f, t]) => [f, [t.status, t.error_type]]));
  assert.deepEqual(byFile, {
    "linked-dir/new.txt": ["failed", "path_traversal"],
    "linked-file.txt": ["failed", "path_traversal"],
    "a-dir": ["failed", "validation"],
    "../escape.txt": ["failed", "path_traversal"],
    "ok.txt": ["applied", undefined],
  });
  assert.equal(status.errors.length, 4);
  assert.ok(ContextOverrideStatus.safeParse(status).success);
});

test("a preflight script runs only through the caller's runner, with the variables", async () => {
  const script = "#!/bin/bash\necho hi";
  const override = ContextOverride.parse({ override_id: "c", preflight_script: script, env_vars: { A: "1" } });
  const skipped = await applyContextOverrides([override], { workspace: join(work, "ws3") });
  assert.equal(skipped.results[0]!.overall_status, "partial");
  assert.equal(skipped.results[0]!.preflight_script?.status, "skipped");
  const ran: unknown[] = [];
  const failing = await applyContextOverrides([override], { workspace: join(work, "ws3"), runPreflight: async (s, env) => (ran.push([s, env]), { exitCode: 3 }) });
  assert.deepEqual(ran, [[script, { A: "1" }]]);
  assert.equal(failing.results[0]!.preflight_script?.status, "failed");
  assert.match(failing.results[0]!.errors[0]!.message, /exited with 3/);
});

test("overrides handed in unchecked are held to the server's rules: no loader variable is returned, no absolute path written", async () => {
  const workspace = join(work, "ws4");
  const override = ContextOverride.parse({ override_id: "d", file_artifacts: { "/tmp/abs.txt": "x", "ok.txt": "fine" }, env_vars: { LD_PRELOAD: "/tmp/evil.so", PATH: "/tmp", STRATEGY: "s" } });
  const { results, env } = await applyContextOverrides([override], { workspace });
  assert.deepEqual(env, { STRATEGY: "s" });
  const status = results[0]!;
  assert.equal(status.overall_status, "partial");
  assert.deepEqual([status.env_vars.LD_PRELOAD?.status, status.env_vars.PATH?.status, status.env_vars.STRATEGY?.status], ["failed", "failed", "applied"]);
  assert.deepEqual([status.file_artifacts["/tmp/abs.txt"]?.status, status.file_artifacts["/tmp/abs.txt"]?.error_type], ["failed", "path_traversal"]);
  assert.equal(status.errors.length, 3);
  assert.ok(ContextOverrideStatus.safeParse(status).success);
});

test("a folder swapped for a link out of the workspace while files are written never takes a write out", { skip: process.platform === "linux" ? false : "the race-free writer needs Linux's /proc" }, async () => {
  const workspace = join(work, "ws-race");
  const outside = join(work, "outside-race");
  mkdirSync(join(workspace, "sub"), { recursive: true });
  mkdirSync(outside, { recursive: true });
  // Another process swaps workspace/sub between a real folder and a link to `outside` as fast as it can, for a bounded time.
  const swapper = spawn(
    process.execPath,
    [
      "-e",
      `const fs = require("fs"); const [sub, away, real] = process.argv.slice(1); const end = Date.now() + 4000; let n = 0;
       const hold = () => { for (const t = process.hrtime.bigint(); process.hrtime.bigint() - t < 200000n; ); };
       while (Date.now() < end && n < 2e6) { n++; try { fs.renameSync(sub, real); fs.symlinkSync(away, sub); hold(); fs.unlinkSync(sub); fs.renameSync(real, sub); hold(); } catch {} }`,
      join(workspace, "sub"),
      outside,
      join(workspace, "sub-real"),
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => swapper.on("exit", resolve));
  let written = 0;
  try {
    for (let round = 0; round < 60 && swapper.exitCode === null; round++) {
      const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`sub/f${round}-${i}.txt`, "x"]));
      const { results } = await applyContextOverrides([ContextOverride.parse({ override_id: `r${round}`, file_artifacts: files })], { workspace });
      written += Object.values(results[0]!.file_artifacts).filter((t) => t.status === "applied").length;
    }
  } finally {
    swapper.kill();
    await exited;
  }
  assert.deepEqual(readdirSync(outside), [], "nothing written outside the workspace");
  assert.ok(written > 0, "some writes went through while the folder was real");
});
