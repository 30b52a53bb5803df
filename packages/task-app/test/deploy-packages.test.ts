/**
 * `kubernetes-models` and `@kubernetes/client-node` are optional peer
 * dependencies: a project that installed task-app without them runs every
 * command but deploy, and each deploy subcommand that needs them says what
 * to install (exit 1, as `add` does for a missing ts-morph).
 *
 * The install is real as far as Node's resolver can tell: a folder whose
 * node_modules links every package of this checkout's node_modules except
 * those two, and holds task-app as npm places it, a real folder (copied
 * from the build: a link would resolve back into this checkout, next to
 * the packages). NODE_PATH cannot hide a package from an ES module import,
 * so nothing else would do. The CLI runs from there as a user's `npx
 * task-app` runs it. (test/e2e-templates.test.ts runs `deploy render` in
 * a project npm installed from the packed tarball too.)
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { describeMissingPackages, DEPLOY_PACKAGES } from "../src/deploy/packages.js";
import { planDeployInstall } from "../src/deploy/install-packages.js";
import { cliArgv } from "./helpers/cli-command.js";
import { CLEAN_ENV } from "./helpers/run-process.js";
import { NODE_MODULES } from "./helpers/roots.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const ABSENT = new Set(["kubernetes-models", "@kubernetes/client-node"]);
/** The repository's own packages, linked into the workspace's node_modules: the project gets a copy of task-app (below), never a link into the checkout. */
const WORKSPACE = new Set(["task-app", "create-task-app"]);
const MESSAGE =
  'task-app deploy needs the "kubernetes-models" and "@kubernetes/client-node" packages; add them with: npm install --save-dev kubernetes-models@4 @kubernetes/client-node@1\n';
const API_KEY = "sk_env_d3p4k9g2s7";
/** Any resolution of a specifier naming either package, reported on stderr by a loader hook. */
const RESOLVE_HOOK = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register("data:text/javascript," + encodeURIComponent('import { writeSync } from "node:fs"; export async function resolve(s, c, next) { if (/kubernetes/.test(s)) writeSync(2, "resolving " + s + "\\\\n"); return next(s, c); }'));`,
)}`;

// The CLI under test is the build, copied: fresh only when it is newer than the sources.
const built = cliArgv()[0] === join(root, "bin", "task-app.js");
let project: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: project, env: { ...CLEAN_ENV, ENVIRONMENT_API_KEY: API_KEY, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
const taskApp = (args: string[], env?: NodeJS.ProcessEnv) => run([join(project, "node_modules", "task-app", "bin", "task-app.js"), ...args], env);

describe("deploy without its optional peer packages", { skip: built ? false : "run `npm run build` first (the installed copy is the build)" }, () => {
  before(async () => {
    project = await mkdtemp(join(tmpdir(), "deploy-packages-"));
    const modules = join(project, "node_modules");
    await mkdir(modules);
    const source = NODE_MODULES;
    for (const entry of await readdir(source)) {
      if (entry.startsWith(".") || ABSENT.has(entry) || WORKSPACE.has(entry)) continue;
      if (!entry.startsWith("@")) {
        await symlink(join(source, entry), join(modules, entry));
        continue;
      }
      await mkdir(join(modules, entry));
      for (const name of await readdir(join(source, entry)))
        if (!ABSENT.has(`${entry}/${name}`)) await symlink(join(source, entry, name), join(modules, entry, name));
    }
    const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { files: string[] };
    for (const file of ["package.json", ...pkg.files.filter((f) => !f.startsWith("!"))])
      cpSync(join(root, file), join(modules, "task-app", file), { recursive: true, filter: (src) => !src.endsWith(".tsbuildinfo") });
    for (const name of ABSENT) assert.equal(existsSync(join(modules, name)), false);
    assert.ok(existsSync(join(NODE_MODULES, "kubernetes-models")), "the checkout has them (the deploy tests use them)");
    await writeFile(join(project, "package.json"), `${JSON.stringify({ name: "math-app", type: "module", private: true, dependencies: { "task-app": "^0.1.0" } }, null, 2)}\n`);
    await writeFile(join(project, "deploy.toml"), '[deploy]\nname = "math-app"\nimage = "ghcr.io/you/math-app:0.1.0"\nmodule = "app.mjs"\ntrace = "off"\n');
    await writeFile(join(project, "app.mjs"), await readFile(join(root, "test", "fixtures", "apps", "pid.mjs"), "utf8"));
    // A kubeconfig naming a server nobody listens on: nothing gets that far.
    await writeFile(
      join(project, "kubeconfig"),
      [
        "apiVersion: v1",
        "kind: Config",
        "clusters: [{ name: c, cluster: { server: 'https://127.0.0.1:9' } }]",
        "users: [{ name: u, user: { token: t } }]",
        "contexts: [{ name: x, context: { cluster: c, user: u } }]",
        "current-context: x",
        "",
      ].join("\n"),
    );
  });
  after(() => rm(project, { recursive: true, force: true }));

  const paths: [string, string[]][] = [
    ["deploy render", ["deploy", "render"]],
    ["deploy apply --dry-run", ["deploy", "apply", "--dry-run"]],
    ["deploy apply", ["deploy", "apply", "--no-wait"]],
    ["deploy (synth-ai's form: apply)", ["deploy", "app.mjs", "--no-wait"]],
    ["deploy status", ["deploy", "status"]],
    ["deploy delete", ["deploy", "delete"]],
  ];
  for (const [name, args] of paths)
    it(`${name} says what to install, exits 1 and writes nothing`, async () => {
      const result = await taskApp(args, { KUBECONFIG: join(project, "kubeconfig") });
      assert.equal(result.stderr, MESSAGE);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, "");
      assert.equal(existsSync(join(project, "deploy")), false);
    });

  it("on a terminal, deploy offers to add them; no prints the command, exits 1 and changes nothing", { skip: spawnSync("script", ["--version"]).status === 0 ? false : "util-linux `script` is not installed" }, async () => {
    const before = await readFile(join(project, "package.json"), "utf8");
    const bin = join(project, "node_modules", "task-app", "bin", "task-app.js");
    const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} deploy render`, "/dev/null"], { cwd: project, env: { ...process.env, TERM: "dumb", npm_config_user_agent: "" } });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      if (/\[Y\/n\] $/.test(out)) child.stdin.write("n\r");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.match(out, /Add them now with `npm install --save-dev kubernetes-models@4 @kubernetes\/client-node@1`\? \[Y\/n\] n/);
    assert.ok(out.includes(MESSAGE.trim()), out);
    assert.equal(code, 1);
    assert.equal(await readFile(join(project, "package.json"), "utf8"), before);
    assert.equal(existsSync(join(project, "deploy")), false);
  });

  for (const [name, key] of [["Ctrl-C", "\x03"], ["Ctrl-D", "\x04"]] as const)
    it(`on a terminal, ${name} at deploy's offer cancels: exit 130 in task-app's words, nothing installed or written`, { skip: spawnSync("script", ["--version"]).status === 0 ? false : "util-linux `script` is not installed" }, async () => {
      const before = await readFile(join(project, "package.json"), "utf8");
      const bin = join(project, "node_modules", "task-app", "bin", "task-app.js");
      const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} deploy render`, "/dev/null"], { cwd: project, env: { ...process.env, TERM: "dumb", npm_config_user_agent: "" } });
      let out = "";
      let sent = false;
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString("utf8");
        if (!sent && /\[Y\/n\] $/.test(out)) {
          sent = true;
          child.stdin.write(key);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      assert.match(out, /task-app deploy: cancelled; nothing was installed/);
      assert.doesNotMatch(out, /Error|at \S+ \(/, out);
      assert.equal(code, 130, out);
      assert.equal(await readFile(join(project, "package.json"), "utf8"), before);
      assert.equal(existsSync(join(project, "deploy")), false);
    });

  it("the install command is the project's: its lockfile's package manager, run where its package.json is", async () => {
    const dir = await mkdtemp(join(tmpdir(), "deploy-install-"));
    try {
      await writeFile(join(dir, "package.json"), "{}\n");
      await mkdir(join(dir, "src", "deep"), { recursive: true });
      const npm = planDeployInstall(["kubernetes-models", "@kubernetes/client-node"], join(dir, "src", "deep"), "");
      assert.deepEqual([npm.cwd, npm.display], [dir, "npm install --save-dev kubernetes-models@4 @kubernetes/client-node@1"]);
      assert.equal(planDeployInstall(["kubernetes-models"], dir, "pnpm/9.1.0 npm/? node/v20.19.0").display, "pnpm add -D kubernetes-models@4");
      await writeFile(join(dir, "yarn.lock"), "");
      assert.deepEqual(planDeployInstall(["@kubernetes/client-node"], join(dir, "src"), "pnpm/9.1.0").argv, ["yarn", "add", "-D", "@kubernetes/client-node@1"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("deploy --help and deploy render --help work without them", async () => {
    const help = await taskApp(["deploy", "--help"]);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /task-app deploy render\s+Write the deploy folder/);
    assert.match(help.stdout, /npm install --save-dev kubernetes-models@4\s+@kubernetes\/client-node@1/, "the help says what to add");
    const render = await taskApp(["deploy", "render", "--help"]);
    assert.equal(render.code, 0, render.stderr);
    assert.match(render.stdout, /--out\s+Folder to write/);
  });

  it("the deploy library imports without them: the Dockerfile renders, the objects say what to install", async () => {
    const url = pathToFileURL(join(project, "node_modules", "task-app", "dist", "deploy", "index.js")).href;
    const code = `const d = await import(${JSON.stringify(url)});
const { settings } = await d.loadDeployInputs();
process.stdout.write(d.renderDockerfile(settings, "deploy"));
try { await d.buildKubeObjects(settings); } catch (e) { process.stderr.write(e.name + ": " + e.message + "\\n"); }`;
    const result = await run(["--input-type=module", "-e", code]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^FROM node:/m);
    assert.match(result.stdout, /npm ci --omit=dev/);
    assert.equal(result.stderr, `DeployDependencyError: ${MESSAGE}`);
  });

  it("validate, serve and eval run without them and never try to load them", async () => {
    const env = { NODE_OPTIONS: `--import ${RESOLVE_HOOK}` };
    const validated = await taskApp(["validate", "deploy.toml"], env);
    assert.equal(validated.code, 0, validated.stderr);
    assert.doesNotMatch(validated.stderr, /resolving/);

    const evaluated = await taskApp(["eval", "--app", "app.mjs", "--model", "scripted", "--seeds", "0-1", "--no-trace", "--run-dir", "runs/e"], env);
    assert.equal(evaluated.code, 0, evaluated.stderr);
    assert.doesNotMatch(evaluated.stderr, /resolving/);

    const child = spawn(process.execPath, [join(project, "node_modules", "task-app", "bin", "task-app.js"), "serve", "app.mjs", "--port", "0", "--workers", "1"], {
      cwd: project,
      env: { ...CLEAN_ENV, ENVIRONMENT_API_KEY: API_KEY, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (c: Buffer) => {
          out += c.toString("utf8");
          const found = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
          if (found) resolve(found);
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
      });
      const health = await fetch(`${url}/health`, { headers: { "x-api-key": API_KEY } });
      assert.equal(health.status, 200);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    assert.doesNotMatch(out, /resolving/);
  });

  it("the resolve hook does see a deploy command reach for them", async () => {
    const result = await taskApp(["deploy", "render"], { NODE_OPTIONS: `--import ${RESOLVE_HOOK}` });
    assert.match(result.stderr, /^resolving kubernetes-models\//m);
  });
});

describe("the message", () => {
  it("names only what is missing, with the majors the peer ranges accept", async () => {
    assert.equal(describeMissingPackages(["@kubernetes/client-node"]), 'task-app deploy needs the "@kubernetes/client-node" package; add it with: npm install --save-dev @kubernetes/client-node@1');
    assert.equal(`${describeMissingPackages(["kubernetes-models", "@kubernetes/client-node"])}\n`, MESSAGE);
    const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    for (const { name, major } of DEPLOY_PACKAGES) {
      assert.equal(pkg.dependencies?.[name], undefined, `${name} is no dependency`);
      assert.match(pkg.peerDependencies?.[name] ?? "", new RegExp(`^\\^${major}\\.`), `${name} is a peer dependency, major ${major}`);
      assert.deepEqual((pkg.peerDependenciesMeta as unknown as Record<string, unknown>)?.[name], { optional: true });
      assert.equal(pkg.devDependencies?.[name], pkg.peerDependencies?.[name], `${name} is a dev dependency of this checkout at the same range`);
    }
  });
});
