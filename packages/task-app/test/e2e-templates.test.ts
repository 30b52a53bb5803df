/**
 * The end-to-end matrix, one row per template, as a user lives it, from a
 * registry: both packages (`task-app`, `create-task-app`) are packed and
 * published to a loopback npm registry (test/helpers/registry.ts), the only
 * registry the rows know. Each row is scaffolded with
 * `npm create task-app@latest <dir> -- --template <t> --yes` (no terminal,
 * no prompt); the project depends on the released range (`^<version>`),
 * never on a file: path. Then `npm install` from that registry, type-check
 * and run the project's own tests (among them its inference test:
 * OPENAI_API_KEY never reaches an inference server off the allow-list),
 * serve it (the math row with `npm run serve` and `npm run check`, as its
 * README says; the others on a free port), `task-app validate configs/*.toml`
 * (`npx task-app` in the math row), and a headless TOML language server
 * completes keys in `configs/rl.toml` through its `#:schema` directive,
 * resolved inside the installed package.
 *
 * Needs the build (`npm test` builds first) and the npm cache (installs run
 * with --prefer-offline). The templates declare the same dependencies (the
 * suite checks it), so `npm install` runs once, in the first row's project,
 * and the other rows get what it installed (node_modules linked, the
 * lockfile copied). Rows run in
 * parallel, and the installed bin's own checks (no `generate` outside a
 * source checkout, `deploy` naming the optional peer packages it needs,
 * which npm did not install, --help, --version) beside them. The math row first runs
 * `task-app add rubric` and `add dataset` from the installed package, so its
 * type-check and tests cover the added files too (`add` keeps every line of
 * the template's app: test/codemod-add.test.ts). The rows are type-checked
 * together, each with its own tsconfig.json, by one `tsc -b` over the three
 * projects (one compiler start-up, and the installed packages' type files,
 * which the linked node_modules makes the same files for every row, parsed
 * once); each row asserts that no diagnostic names its files. Each row then runs the loop
 * its README teaches, as written there: eval with the scripted policy into
 * the default trace store, `traces ls`, the filter example, validate-jsonl.
 */
// npm test: own process (it runs for two minutes or more: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { TEMPLATE_NAMES } from "../src/scaffold/create.js";
import { walkFiles } from "../src/scaffold/render.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { LspSession } from "./helpers/lsp.js";
import { packedPackages } from "./helpers/packed.js";
import { startRegistry, type LoopbackRegistry } from "./helpers/registry.js";
import { assertOk, CLEAN_ENV, runProcess } from "./helpers/run-process.js";


/** Starts `task-app serve` on port 0 and resolves with its URL once it listens. */
function startServer(dir: string): Promise<{ url: string; stop: () => Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, ["node_modules/task-app/bin/task-app.js", "serve", "src/app.ts", "--port", "0", "--env-file", ".env"], {
    cwd: dir,
    env: CLEAN_ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`task-app serve did not start:\n${out}`));
    }, 60_000);
    const onData = (c: Buffer) => {
      out += c.toString("utf8");
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({
          url,
          output: () => out,
          stop: async () => {
            child.kill("SIGTERM");
            return exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`task-app serve exited with ${code}:\n${out}`));
    });
  });
}

/**
 * `npm run serve` (port 8001, the scripts' own) until it listens, then `npm run check` against it;
 * the server stopped through its process group (npm does not pass SIGTERM on in every case).
 */
async function serveAndCheckByScripts(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  // The scripts' port must be free: a server left there (by another run) would answer the check instead.
  const taken = await new Promise<boolean>((resolve) => {
    const probe = createServer().once("error", () => resolve(true));
    probe.listen(8001, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
  assert.equal(taken, false, "port 8001, the scaffold's scripts' port, is in use by another process: stop it and run again");
  const child = spawn("npm", ["run", "serve"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // Its own process group outlives this process unless stopped: stop it on the way out, however the test ends.
  const stopGroup = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.once("exit", stopGroup);
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm run serve did not listen:\n${out}`)), 60_000);
      const onData = (c: Buffer) => {
        out += c.toString("utf8");
        if (out.includes('"url":"http://127.0.0.1:8001"')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`npm run serve exited with ${code}:\n${out}`));
      });
    });
    const check = assertOk(await runProcess("npm", ["run", "check"], dir, 120_000, env), "npm run check");
    assert.match(check.stdout, /10 of 10 checks passed/);
  } finally {
    stopGroup();
    process.off("exit", stopGroup);
    await exited;
  }
}

/**
 * Gives `dir` what `npm install` made in `source` (a project with the same dependencies):
 * node_modules and package-lock.json, with the lockfile's name made `dir`'s project's.
 */
async function copyInstall(source: string, dir: string, name: string): Promise<void> {
  // A link: nothing in these tests writes under node_modules, a copy's bytes would cost more than the
  // install, and the one `tsc -b` over every row reads the same type files once.
  await symlink(path.join(source, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const lockfile of ["package-lock.json", path.join("node_modules", ".package-lock.json")]) {
    if (!existsSync(path.join(source, lockfile))) continue;
    const lock = JSON.parse(await readFile(path.join(source, lockfile), "utf8")) as { name: string; packages: Record<string, { name?: string }> };
    lock.name = name;
    if (lock.packages[""]) lock.packages[""].name = name;
    await rm(path.join(dir, lockfile), { force: true }); // a hard link to the source's: write a file of its own
    await writeFile(path.join(dir, lockfile), `${JSON.stringify(lock, null, 2)}\n`);
  }
}

/**
 * `task-app add rubric` and `add dataset`, run from the installed package in `dir`: they work when
 * the package brings ts-morph, and otherwise say exactly what to install.
 */
async function addFromInstalledPackage(dir: string): Promise<void> {
  const shipsTsMorph = Boolean(JSON.parse(await readFile(path.join(dir, "node_modules", "task-app", "package.json"), "utf8")).dependencies?.["ts-morph"]);
  const added = await runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", "add", "rubric", "style"], dir);
  if (!shipsTsMorph) {
    assert.equal(added.code, 1);
    assert.match(added.stderr, /"ts-morph" package is not installed/);
    return;
  }
  assertOk(added, "task-app add rubric");
  assertOk(await runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", "add", "dataset", "puzzles"], dir), "task-app add dataset");
  // A defineTaskApp app registers both in its registries; a declared environment reads its rubrics folder and lists the dataset.
  const app = await readFile(path.join(dir, "src", "app.ts"), "utf8");
  assert.match(app, /style: await loadRubricFile\("style"\)|rubrics: new URL\("\.\.\/rubrics\/", import\.meta\.url\)/);
  assert.match(app, /datasets\.register\(puzzlesDataset\.spec, puzzlesDataset\.load\)|datasets: \[puzzlesDataset\]/);
  assert.ok(existsSync(path.join(dir, "rubrics", "style.json")) && existsSync(path.join(dir, "src", "datasets", "puzzles.ts")), "the added files are there");
}

/**
 * One `tsc -b` over every row's project, run once every row has its files in place (or has failed
 * before: then without it): resolves with tsc's exit code and output, paths relative to `work`.
 */
function typecheckRows(work: string): { arrive: (template: string, ready: boolean) => void; result: Promise<{ code: number | null; output: string }> } {
  const ready = new Map<string, boolean>();
  let start!: () => void;
  const all = new Promise<void>((resolve) => (start = resolve));
  const result = all.then(async () => {
    const projects = TEMPLATE_NAMES.filter((t) => ready.get(t)).map((t) => `${t}-app`);
    const run = await runProcess(process.execPath, [path.join(work, projects[0]!, "node_modules", "typescript", "bin", "tsc"), "-b", ...projects], work);
    return { code: run.code, output: `${run.stdout}${run.stderr}` };
  });
  return {
    arrive(template, isReady) {
      ready.set(template, isReady);
      if (ready.size === TEMPLATE_NAMES.length) start();
    },
    result,
  };
}

const hasBuild = existsSync(path.join(packageRoot(), "dist", "index.js")) && existsSync(path.join(packageRoot(), "dist", "cli", "create-task-app.js"));
const OWN_PACKAGES = ["task-app", "create-task-app"] as const;

/** Removes npx's cached installs of create-task-app (keyed by the spec asked, not by what it resolved to): a later run must install what its registry serves. */
async function forgetCreateInstalls(cwd: string): Promise<void> {
  const listed = await runProcess("npm", ["cache", "npx", "ls"], cwd);
  const keys = listed.stdout.split("\n").flatMap((line) => (/: create-task-app(@|$)/.test(line) ? [line.slice(0, line.indexOf(":"))] : []));
  if (keys.length > 0) assertOk(await runProcess("npm", ["cache", "npx", "rm", ...keys], cwd), "npm cache npx rm");
}

describe("e2e: npm create task-app from a registry → install → test → serve → check → validate → eval → editor", { concurrency: 4, skip: hasBuild ? false : "run `npm run build` first" }, () => {
  let work = "";
  let registry: LoopbackRegistry | undefined;
  let version = "";
  /** The one `npm install` (in the first row's project), which every row waits for. */
  let installed: Promise<string> | undefined;
  let typecheck: ReturnType<typeof typecheckRows> | undefined;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "task-app-e2e-"));
    typecheck = typecheckRows(work);
    version = (JSON.parse(await readFile(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
    // Both packages packed (once per `npm test`, shared with the deploy suites: test/helpers/packed.ts)
    // and published to a loopback registry, the only one the rows know.
    const packed = await packedPackages();
    const tarballs = [packed["task-app"], packed["create-task-app"]].map(({ tarball, files }) => ({ tarball, shipped: new Set(files) }));
    const templateFiles = (await walkFiles(path.join(packageRoot(), "templates"))).map((f) => `templates/${f}`);
    for (const file of ["dist/cli/create-task-app.js", "schemas/rl-config.schema.json", ...templateFiles]) assert.ok(tarballs[0]!.shipped.has(file), `task-app ships ${file}`);
    assert.ok(tarballs[1]!.shipped.has("index.js"), "create-task-app ships its bin");
    const [reg] = await Promise.all([startRegistry(OWN_PACKAGES), forgetCreateInstalls(work)]);
    registry = reg;
    for (const { tarball } of tarballs) await registry.publish(tarball);
    const npm = (args: string[], cwd: string) => runProcess("npm", args, cwd, 300_000, registry!.env);
    // Every row scaffolded as the README says, without a terminal: `npm create task-app@latest`. The
    // first fetches create-task-app (and the task-app it depends on) into npx's cache; the others reuse it.
    const scaffold = async (template: string) => {
      const made = assertOk(await npm(["create", "task-app@latest", `${template}-app`, "--", "--template", template, "--yes", "--no-install", "--no-git"], work), `npm create task-app@latest --template ${template}`);
      assert.match(made.stdout, /Next steps:/);
    };
    assert.equal(TEMPLATE_NAMES[0], "math");
    await scaffold(TEMPLATE_NAMES[0]);
    const first = path.join(work, `${TEMPLATE_NAMES[0]}-app`);
    // The one `npm install` (--prefer-offline: the other packages' tarballs from the npm cache, their
    // metadata through the registry); the other rows get what it installed.
    assertOk(await npm(["install", "--prefer-offline", "--no-audit", "--no-fund"], first), "npm install");
    for (const template of TEMPLATE_NAMES.slice(1)) await scaffold(template);
    const declared = await Promise.all(TEMPLATE_NAMES.map(async (t) => JSON.parse(await readFile(path.join(work, `${t}-app`, "package.json"), "utf8")) as Record<string, unknown>));
    for (const pkg of declared) {
      assert.deepEqual([pkg.dependencies, pkg.devDependencies], [declared[0]!.dependencies, declared[0]!.devDependencies], "every template declares the same dependencies (one install serves them all)");
    }
    installed = Promise.resolve(first);
  });

  after(async () => {
    await registry?.close();
    if (work) {
      await forgetCreateInstalls(work);
      await rm(work, { recursive: true, force: true });
    }
  });

  /** Settled when every row is done with the projects (they share the first row's node_modules). */
  const rowsDone: Promise<void>[] = [];
  for (const template of TEMPLATE_NAMES) {
    let settle!: () => void;
    rowsDone.push(new Promise<void>((resolve) => (settle = resolve)));
    it(template, { timeout: 480_000 }, async (t) => {
      t.after(settle);
      const dir = path.join(work, `${template}-app`);
      const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
      // The released range, resolved from the registry: no file: path, no checkout.
      assert.equal(pkg.dependencies["task-app"], `^${version}`);

      try {
        const source = await installed!;
        if (source !== dir) await copyInstall(source, dir, pkg.name);
        assert.ok(existsSync(path.join(dir, "node_modules", "task-app", "schemas", "rl-config.schema.json")));
        if (template === "math") await addFromInstalledPackage(dir);
      } catch (error) {
        typecheck!.arrive(template, false);
        throw error;
      }
      typecheck!.arrive(template, true);

      // tsc -b over every row: none of its diagnostics names this row's files, and when it fails, a row's files are why.
      const checked = await typecheck!.result;
      const own = checked.output.split("\n").filter((l) => l.startsWith(`${template}-app/`));
      assert.deepEqual(own, [], `tsc reports errors in ${template}-app:\n${checked.output}`);
      if (checked.code !== 0) assert.ok(TEMPLATE_NAMES.some((t) => checked.output.includes(`${t}-app/`)), `tsc -b failed:\n${checked.output}`);
      const tests = assertOk(await runProcess("npm", ["test"], dir), "npm test");
      assert.match(tests.stdout, /# fail 0/);
      // Among them the project's inference test: the vendor key reaches no inference server off the allow-list.
      for (const name of ["is not sent to a host off the allow-list", "is not sent to the inference_url a rollout names", "is sent to a host the app allows"])
        assert.match(tests.stdout, new RegExp(`^\\s*ok \\d+ - ${name}`, "m"), `the project's tests include "${name}"`);

      // The math row as its README says: `npm run serve`, `npm run check` in a second process (port
      // 8001, the scripts' own), `npx task-app …` for the rest. The other rows call the installed bin.
      const byNpx = template === "math";
      if (byNpx) await serveAndCheckByScripts(dir, registry!.env);
      else {
        const server = await startServer(dir);
        try {
          const check = assertOk(await runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", "check", server.url, "--env-file", ".env"], dir), "task-app check");
          assert.match(check.stdout, /10 of 10 checks passed/);
        } finally {
          assert.equal(await server.stop(), 0, `serve shuts down cleanly:\n${server.output()}`);
        }
      }
      const cli = (...args: string[]) =>
        byNpx ? runProcess("npx", ["task-app", ...args], dir, 240_000, registry!.env) : runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", ...args], dir);

      const configs = (await readdir(path.join(dir, "configs"))).filter((f) => f.endsWith(".toml")).map((f) => `configs/${f}`);
      const validated = assertOk(byNpx ? await runProcess("sh", ["-c", "npx task-app validate configs/*.toml"], dir, 240_000, registry!.env) : await cli("validate", ...configs), "task-app validate");
      assert.match(validated.stdout, new RegExp(`${configs.length} files? checked: ${configs.length} valid`));

      // The local loop the README teaches: eval with the scripted policy, traces stored in the
      // default store, traces become SFT data that validates.
      const readme = await readFile(path.join(dir, "README.md"), "utf8");
      assert.doesNotMatch(readme, /synth-ai eval/, "the README teaches task-app's own loop");
      for (const step of ["task-app eval --app src/app.ts", "task-app traces ls", "task-app filter --config configs/filter.toml", "task-app export-sft", "task-app validate-jsonl ft_data/train.jsonl", "task-app train --config configs/rl.toml"])
        assert.ok(readme.includes(step), `the README shows \`${step}\``);
      const evaluated = assertOk(await cli("eval", "--app", "src/app.ts", "--model", "scripted", "--seeds", "1-5", "--out", "results.jsonl", "--env-file", ".env"), "task-app eval");
      assert.match(evaluated.stdout, /\nmean return +-?\d+\.\d{3} ± \d+\.\d{3} \(standard error\)\n/);
      assert.match(evaluated.stdout, /\nmean outcome_score +\d\.\d{3}\n/);
      assert.match(evaluated.stdout, /\nmean events_score +\d\.\d{3}\n/);
      assert.match(evaluated.stdout, /traces +5 stored in /);
      // Inside the project task-app is not on PATH: the printed view command says npx.
      assert.match(evaluated.stdout, /\nview +npx task-app view --runs runs\/eval-/);
      assert.equal((await readFile(path.join(dir, "results.jsonl"), "utf8")).trim().split("\n").length, 5);
      assert.ok(existsSync(path.join(dir, "traces", "v3", "synth_ai.db")), "eval stores its traces in the default store");
      const listed = JSON.parse(assertOk(await cli("traces", "ls", "--json"), "task-app traces ls").stdout) as unknown[];
      assert.equal(listed.length, 5);
      assertOk(await cli("export-sft", "traces/v3/synth_ai.db", "--out", "sft.jsonl"), "task-app export-sft");
      assertOk(await cli("validate-jsonl", "sft.jsonl"), "task-app validate-jsonl on the export");
      const filtered = assertOk(await cli("filter", "--config", "configs/filter.toml"), "task-app filter (the README's example)");
      const selected = /(\d+) examples from (\d+) sessions -> ft_data\/train\.jsonl/.exec(filtered.stdout + filtered.stderr);
      assert.ok(selected && Number(selected[1]) > 0 && Number(selected[2]) > 0, `the filter selects examples from the template's traces: ${filtered.stdout}${filtered.stderr}`);
      assert.equal((await readFile(path.join(dir, "ft_data", "train.jsonl"), "utf8")).trim().split("\n").length, Number(selected[1]));
      assertOk(await cli("validate-jsonl", "ft_data/train.jsonl"), "task-app validate-jsonl on the filter's output");

      // Editor: tombi resolves `#:schema ../node_modules/task-app/schemas/rl-config.schema.json` from the installed package.
      const rl = await readFile(path.join(dir, "configs", "rl.toml"), "utf8");
      assert.equal(rl.split("\n")[0], "#:schema ../node_modules/task-app/schemas/rl-config.schema.json");
      const text = rl.replace("[model]\n", "[model]\n\n");
      const line = text.split("\n").indexOf("[model]") + 1;
      const lsp = await LspSession.start("tombi", dir);
      try {
        const viaRules = await lsp.completion(await lsp.openAndWait(path.join(dir, "configs", "rl.toml"), text), { line, character: 0 });
        assert.ok(viaRules.some((i) => i.label === "source"), `completions: ${viaRules.map((i) => i.label).join(", ")}`);
        // A file no tombi.toml rule covers: only the directive can bind the schema.
        const viaDirective = await lsp.completion(await lsp.openAndWait(path.join(dir, "configs", "scratch.toml"), text), { line, character: 0 });
        assert.ok(viaDirective.some((i) => i.label === "source"), `completions: ${viaDirective.map((i) => i.label).join(", ")}`);
        const withoutDirective = text.split("\n").slice(1).join("\n");
        const none = await lsp.completion(await lsp.openAndWait(path.join(dir, "configs", "scratch2.toml"), withoutDirective), { line: line - 1, character: 0 });
        assert.ok(!none.some((i) => i.label === "source"), "no schema, no completions");
      } finally {
        await lsp.close();
      }

    });
  }

  // The bin as a dependency installs it: npm never installs a dependency's own dev dependencies
  // (openapi-typescript, ...), so the rows' install is the one a user gets.
  it("installed: generate explains that it belongs to a source checkout; deploy names the packages to add, and on a terminal adds them; --help and --version", { timeout: 600_000 }, async () => {
    const dir = await installed!;
    const taskApp = (...args: string[]) => runProcess(process.execPath, ["node_modules/task-app/bin/task-app.js", ...args], dir);
    assert.ok(!existsSync(path.join(dir, "node_modules", "openapi-typescript")), "the dev dependency is really absent");
    for (const args of [["generate"], ["generate", "--check"]]) {
      const result = await taskApp(...args);
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(result.stdout, "");
      assert.match(result.stderr, /^task-app generate regenerates task-app's own schemas\/ and generated\/ files and runs only in a source checkout/);
      assert.match(result.stderr, /node_modules\/task-app\/schemas/);
      assert.doesNotMatch(result.stderr, /Cannot find package|openapi-typescript'/);
    }
    assert.ok(existsSync(path.join(dir, "node_modules", "task-app", "generated", "openapi.json")), "the shipped files are still there");
    // deploy's packages are optional peers: npm leaves them out, and deploy says what to add (test/deploy-packages.test.ts: every subcommand).
    for (const name of ["kubernetes-models", "@kubernetes/client-node"]) assert.ok(!existsSync(path.join(dir, "node_modules", name)), `${name} is not installed`);
    const deploy = await taskApp("deploy", "render");
    assert.equal(deploy.code, 1, deploy.stderr);
    assert.equal(
      deploy.stderr,
      'task-app deploy needs the "kubernetes-models" and "@kubernetes/client-node" packages; add them with: npm install --save-dev kubernetes-models@4 @kubernetes/client-node@1\n',
    );
    assert.ok(!existsSync(path.join(dir, "deploy")), "nothing written");
    const help = assertOk(await taskApp("--help"), "task-app --help");
    assert.match(help.stdout, /task-app validate/);
    assert.doesNotMatch(help.stdout, /task-app generate/);
    assert.equal(assertOk(await taskApp("--version"), "task-app --version").stdout, `${version}\n`);

    // On a terminal, deploy offers to add them; yes (Enter) installs them from the registry as dev
    // dependencies and the render goes on. Once the rows are done with the shared node_modules.
    await Promise.all(rowsDone);
    const child = spawn("script", ["-qfec", "npx task-app deploy render", "/dev/null"], { cwd: dir, env: { ...registry!.env, TERM: "dumb", npm_config_prefer_offline: "true" } });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      if (/\[Y\/n\] $/.test(out)) child.stdin.write("\r");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.match(out, /task-app deploy needs the "kubernetes-models" and "@kubernetes\/client-node" packages \(dev dependencies: the image leaves them out\)\. Add them now with `npm install --save-dev kubernetes-models@4 @kubernetes\/client-node@1`\? \[Y\/n\]/);
    assert.equal(code, 0, out);
    const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    for (const name of ["kubernetes-models", "@kubernetes/client-node"]) assert.ok(manifest.devDependencies[name], `${name} is a dev dependency now`);
    assert.ok(existsSync(path.join(dir, "deploy", "Dockerfile")), `deploy render wrote the deploy folder after the install:\n${out}`);
  });
});
