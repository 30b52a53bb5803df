/**
 * What `deploy render` puts in and around the image: the Dockerfile copies
 * only what the build and the app need (never `.env`), its runtime install
 * (run here by npm in a scratch project) leaves the deploy packages out, it
 * bases on a supported Node line, the memory limit fits the workers' body
 * budgets, a placeholder image is warned about, a `file:` dependency the
 * image cannot reach is refused at its package.json line:col, and the
 * Secrets the pods read are rendered as a commented example (valid Secret
 * objects, no value) with the kubectl commands that create them.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { parse, parseAllDocuments } from "yaml";
import { Secret } from "kubernetes-models/v1/Secret";
import { createTaskApp } from "../src/scaffold/create.js";
import { describeRenderNotes, renderDeployFolder, resolveDeploySettings } from "../src/deploy/index.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { packedPackages } from "./helpers/packed.js";
import { runCli } from "./helpers/run-cli.js";
import { assertOk, runProcess } from "./helpers/run-process.js";

const root = await mkdtemp(path.join(os.tmpdir(), "deploy-image-"));
after(() => rm(root, { recursive: true, force: true }));

const settingsOf = (table: Record<string, unknown> = {}, flags = {}) =>
  resolveDeploySettings({ name: "math-task-app", image: "ghcr.io/acme/math:1.0.0", ...table }, flags).settings;

let math: Promise<{ dir: string; stdout: string }> | undefined;
/** The math scaffold (its deploy.toml names the placeholder image), a .env beside it, rendered by the CLI. */
const renderMath = () =>
  (math ??= (async () => {
    const dir = path.join(root, "math");
    await createTaskApp({ dir, template: "math", name: "math-env", environmentApiKey: false });
    await writeFile(path.join(dir, ".env"), "ENVIRONMENT_API_KEY=sk-not-for-the-image-0123456789\n");
    const result = await runCli(["deploy", "render"], dir);
    assert.equal(result.code, 0, result.stderr);
    return { dir, stdout: result.stdout };
  })());

/** Every project file a COPY line of `dockerfile` takes (folders walked), as a builder that ignores .dockerignore would. */
async function copiedFiles(dir: string, dockerfile: string): Promise<string[]> {
  const copied: string[] = [];
  for (const [, args] of dockerfile.matchAll(/^COPY (?!--from=)(.+)$/gm)) {
    const sources = args!.split(" ").slice(0, -1);
    for (const source of sources) {
      assert.ok(existsSync(path.join(dir, source)), `COPY ${source}: it exists, so the build does not fail on it`);
      const entries = (await readdir(path.join(dir, source), { recursive: true, withFileTypes: true }).catch(() => undefined)) ?? [];
      if (!entries.length) copied.push(source);
      for (const e of entries) if (e.isFile()) copied.push(path.relative(dir, path.join(e.parentPath, e.name)));
    }
  }
  return copied;
}

describe("the Dockerfile", () => {
  it("copies only package.json, the lockfile, the sources, the build's tsconfigs and the folders the app reads: never .env", async () => {
    const { dir } = await renderMath();
    const dockerfile = await readFile(path.join(dir, "deploy", "Dockerfile"), "utf8");
    assert.doesNotMatch(dockerfile, /^COPY \. /m);
    await writeFile(path.join(dir, "package-lock.json"), "{}\n"); // npm install's, which the scaffold leaves to the user
    const copied = await copiedFiles(dir, dockerfile);
    assert.ok(!copied.some((f) => path.basename(f).startsWith(".env")), copied.join(", "));
    const tops = new Set(copied.map((f) => f.split(path.sep)[0]));
    assert.deepEqual([...tops].sort(), ["configs", "data", "deploy", "package-lock.json", "package.json", "rubrics", "src", "tsconfig.json"]);
    assert.ok(copied.includes(path.join("deploy", "tsconfig.build.json")) && !copied.some((f) => f.startsWith(`deploy${path.sep}base`)));
  });

  it("bases both stages on a Node line with support left, while the package still runs on 20.19", async () => {
    const dockerfile = (await renderDeployFolder(settingsOf())).get("Dockerfile")!;
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!);
    assert.equal(bases.length, 2);
    for (const base of bases) assert.match(base, /^node:(22|24)(-|$)/);
    assert.equal(JSON.parse(await readFile(path.join(packageRoot(), "package.json"), "utf8")).engines.node, ">=20.19");
  });

  it("its runtime install, run by npm on a lockfile that holds the deploy packages, leaves them out", { timeout: 240_000 }, async () => {
    const dir = path.join(root, "scratch");
    await mkdir(dir, { recursive: true });
    const packed = (await packedPackages())["task-app"].tarball;
    const tarball = path.basename(packed);
    await copyFile(packed, path.join(dir, tarball));
    // As a project is after `npm install --save-dev kubernetes-models@4 @kubernetes/client-node@1` (what deploy asks for).
    const manifest = { name: "scratch", version: "1.0.0", private: true, dependencies: { "task-app": `file:./${tarball}` }, devDependencies: { "kubernetes-models": "^4.5.1", "@kubernetes/client-node": "^1.4.0" } };
    await writeFile(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    assertOk(await runProcess("npm", ["install", "--package-lock-only", "--prefer-offline", "--ignore-scripts"], dir), "npm install --package-lock-only");
    const dockerfile = (await renderDeployFolder(settingsOf())).get("Dockerfile")!;
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    const install = /^RUN (.*npm ci .*)$/m.exec(runtime)![1]!;
    // The install itself, from the npm cache; the image's cache clean-up is not run on this machine's cache.
    const command = install.split(" && npm cache clean")[0]!;
    assert.match(command, /npm ci --omit=dev/);
    assertOk(await runProcess("sh", ["-c", `export npm_config_prefer_offline=true npm_config_ignore_scripts=true; ${command}`], dir), command);
    for (const name of ["kubernetes-models", "@kubernetes/client-node"]) assert.ok(!existsSync(path.join(dir, "node_modules", name)), `${name} is in the runtime node_modules`);
    assert.ok(existsSync(path.join(dir, "node_modules", "task-app", "bin", "task-app.js")), "task-app is installed");
    assert.ok(existsSync(path.join(dir, "node_modules", "hono")), "task-app's dependencies are installed");
  });
});

describe("what render says and sizes", () => {
  it("warns while the image is the scaffold's placeholder, not once it is set", async () => {
    const { stdout } = await renderMath();
    assert.match(stdout, /^warning: the image ghcr\.io\/your-org\/math-env:0\.1\.0 is the scaffold's placeholder; set deploy\.image/m);
    assert.ok(!describeRenderNotes(settingsOf()).some((n) => n.includes("placeholder")));
  });

  it("the memory limit fits workers × the 256 MiB body budget plus a base, and a smaller one given is warned about", async () => {
    const four = settingsOf({ resources: { cpu_limit: "4" } });
    assert.equal(four.workers, 4);
    assert.equal(four.resources.memoryLimit, "1280Mi");
    const deployment = parse((await renderDeployFolder(four)).get("base/deployment.yaml")!);
    assert.equal(deployment.spec.template.spec.containers[0].resources.limits.memory, "1280Mi");
    assert.equal(settingsOf({ resources: { cpu_limit: "8" } }).resources.memoryLimit, "2304Mi");
    assert.equal(settingsOf().resources.memoryLimit, "1Gi", "2 workers: 768 MiB, the 1Gi floor");
    const tight = describeRenderNotes(settingsOf({ resources: { cpu_limit: "4", memory_limit: "1Gi" } }));
    assert.ok(tight.some((n) => /^warning: memory_limit 1Gi is below what 4 worker\(s\) may hold .* = 1280Mi\)/.test(n)), tight.join("\n"));
    assert.ok(!describeRenderNotes(settingsOf({ resources: { cpu_limit: "4", memory_limit: "2Gi" } })).some((n) => n.includes("memory_limit")));
  });
});

describe("a dependency the image cannot reach", () => {
  it("a file: dependency (a scaffold made with --task-app-spec file:<tgz>) is refused at its package.json line:col with the fix, nothing written", async () => {
    const dir = path.join(root, "file-dep");
    await createTaskApp({ dir, template: "math", name: "file-dep", environmentApiKey: false, taskAppSpec: "file:../task-app-0.1.0.tgz" });
    const result = await runCli(["deploy", "render", "--image", "ghcr.io/acme/math:1.0.0"], dir);
    assert.equal(result.code, 1, result.stderr);
    const line = (await readFile(path.join(dir, "package.json"), "utf8")).split("\n").findIndex((l) => l.includes('"task-app": "file:')) + 1;
    assert.match(result.stderr, new RegExp(`^task-app deploy render: package\\.json:${line}:5: dependencies\\.task-app is "file:\\.\\./task-app-0\\.1\\.0\\.tgz", a path the image build cannot reach .*npm install task-app@<version>`, "m"));
    assert.match(result.stderr, /the image could not be built; nothing was written/);
    assert.equal(existsSync(path.join(dir, "deploy")), false);
    for (const spec of ["link:../lib", "../lib", "file:vendor/lib"]) {
      const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
      manifest.dependencies = { "task-app": "^0.1.0", lib: spec };
      await writeFile(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
      const again = await runCli(["deploy", "render", "--image", "ghcr.io/acme/math:1.0.0"], dir);
      assert.equal(again.code, 1, spec);
      assert.match(again.stderr, /dependencies\.lib is .* a path the image build cannot reach/, spec);
    }
  });
});

describe("the Secrets the pods read", () => {
  it("are rendered as a commented example of valid Secret objects holding no value, outside the base's resources, and render prints the kubectl commands", async () => {
    const settings = settingsOf({ env: { OPENAI_API_KEY: { secret: "vendor-keys", key: "openai" } } }, { trace: "secret:traces" });
    const files = await renderDeployFolder(settings);
    const example = files.get("base/secrets.example.yaml")!;
    assert.ok(example.split("\n").every((l) => l === "" || l.startsWith("#")), "every line is a comment");
    // The objects follow the first "---": uncommented, they are YAML documents.
    const body = example.slice(example.indexOf("# ---")).split("\n").map((l) => l.replace(/^# ?/, "")).join("\n");
    const docs = parseAllDocuments(body).map((d) => d.toJSON()).filter(Boolean);
    assert.equal(docs.length, 3);
    const secrets = docs.map((d) => new Secret(d));
    for (const s of secrets) s.validate();
    const env = parse(files.get("base/deployment.yaml")!).spec.template.spec.containers[0].env as { valueFrom: { secretKeyRef: { name: string; key: string } } }[];
    const refs = env.map((e) => `${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}`).sort();
    assert.deepEqual(secrets.flatMap((s) => Object.keys(s.stringData ?? {}).map((k) => `${s.metadata!.name}/${k}`)).sort(), refs);
    for (const s of secrets) for (const v of Object.values(s.stringData ?? {})) assert.equal(v, "");
    assert.ok(!parse(files.get("base/kustomization.yaml")!).resources.includes("secrets.example.yaml"));
    const notes = describeRenderNotes(settings);
    assert.ok(notes.includes('  kubectl -n default create secret generic math-task-app-env --from-literal=ENVIRONMENT_API_KEY="$ENVIRONMENT_API_KEY"'), notes.join("\n"));
    assert.ok(notes.includes('  kubectl -n default create secret generic vendor-keys --from-literal=openai="$OPENAI_API_KEY"'), notes.join("\n"));
    assert.ok(notes.includes('  kubectl -n default create secret generic traces --from-literal=TASKAPP_TRACE_DB="$TASKAPP_TRACE_DB"'), notes.join("\n"));
    const { stdout } = await renderMath();
    assert.match(stdout, /^ {2}kubectl -n default create secret generic math-env-env --from-literal=ENVIRONMENT_API_KEY="\$ENVIRONMENT_API_KEY"$/m);
  });
});
