/**
 * The `task-app` bin as a user installs it: `npm pack`, then
 * `npm install --omit=dev` of the tarball into an empty project, so none of
 * this package's dev dependencies (openapi-typescript, ...) are there.
 * `task-app generate` is hidden and explains itself instead of crashing on
 * a missing package; `--version` works from the installed package.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { packageRoot } from "../src/scaffold/paths.js";
import { runCli } from "./helpers/run-cli.js";
import { assertOk, runProcess } from "./helpers/run-process.js";


const VERSION = (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
const hasBuild = existsSync(path.join(packageRoot(), "dist", "cli", "main.js"));

test("in the source checkout, generate is listed by --help", async () => {
  const help = await runCli(["--help"]);
  assert.match(help.stdout, /task-app generate\s+Write the generated schemas/);
});

describe("installed without dev dependencies", { skip: hasBuild ? false : "run `npm run build` first" }, () => {
  let work = "";
  const taskApp = (...args: string[]) => runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", ...args], work);

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "task-app-installed-"));
    // The build is there (the suite needs it); prepack rebuilding it is test/pack.test.ts's subject.
    const packed = assertOk(await runProcess("npm", ["pack", "--ignore-scripts", "--pack-destination", work, "--json"], packageRoot()), "npm pack");
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
    await writeFile(path.join(work, "package.json"), JSON.stringify({ name: "user-app", version: "1.0.0", private: true }));
    assertOk(await runProcess("npm", ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", `./${info!.filename}`], work), "npm install --omit=dev");
    assert.ok(existsSync(path.join(work, "node_modules", "task-app", "bin", "task-app.js")));
    assert.ok(!existsSync(path.join(work, "node_modules", "openapi-typescript")), "the dev dependency is really absent");
  });

  after(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  test("generate explains that it belongs to a source checkout, and exits 2 without touching the package", async () => {
    for (const args of [["generate"], ["generate", "--check"]]) {
      const result = await taskApp(...args);
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(result.stdout, "");
      assert.match(result.stderr, /^task-app generate regenerates task-app's own schemas\/ and generated\/ files and runs only in a source checkout/);
      assert.match(result.stderr, /node_modules\/task-app\/schemas/);
      assert.doesNotMatch(result.stderr, /Cannot find package|openapi-typescript'/);
    }
    assert.ok(existsSync(path.join(work, "node_modules", "task-app", "generated", "openapi.json")), "the shipped files are still there");
  });

  test("--help does not list generate; --version prints the version", async () => {
    const help = assertOk(await taskApp("--help"), "task-app --help");
    assert.match(help.stdout, /task-app validate/);
    assert.doesNotMatch(help.stdout, /task-app generate/);
    assert.equal(assertOk(await taskApp("--version"), "task-app --version").stdout, `${VERSION}\n`);
  });
});
