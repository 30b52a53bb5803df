/**
 * `task-app deploy render`: golden deploy folders for each template's
 * deploy.toml, every object valid against Kubernetes' schema and free of
 * unknown fields, no secret value in any file, probes on a path the real
 * server answers without a key, a non-root image user, and bad settings
 * refused (file:line:col or the flag) with nothing written. Each exit code
 * (0, 1, 2) is seen from a real CLI process; further cases of the same
 * path run the CLI's main in this process.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { createTaskApp, TEMPLATE_NAMES } from "../src/scaffold/create.js";
import { loadDeployInputs, renderDeployFolder, resolveDeploySettings, validateKubeObjects, buildKubeObjects, DeployRenderError } from "../src/deploy/index.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { runCli } from "./helpers/run-cli.js";
import { runProcess } from "./helpers/run-process.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { startServe } from "./helpers/serve-process.js";
import { NODE_MODULES } from "./helpers/roots.js";

const GOLDEN = fileURLToPath(new URL("./fixtures/deploy/", import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const root = await mkdtemp(path.join(os.tmpdir(), "deploy-render-"));
after(() => rm(root, { recursive: true, force: true }));

async function readTree(dir: string, prefix = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of (await readdir(path.join(dir, prefix), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of await readTree(dir, rel)) out.set(k, v);
    else out.set(rel, await readFile(path.join(dir, rel), "utf8"));
  }
  return out;
}

/** One scaffold per template, made once and shared by the tests that read it. */
const scaffolds = new Map<string, Promise<string>>();
const scaffold = (template: (typeof TEMPLATE_NAMES)[number]) => {
  if (!scaffolds.has(template))
    scaffolds.set(
      template,
      (async () => {
        const dir = path.join(root, template);
        await createTaskApp({ dir, template, name: `${template}-env`, environmentApiKey: false });
        return dir;
      })(),
    );
  return scaffolds.get(template)!;
};
/** The math scaffold with `deploy render` run in it by the CLI (once). */
let renderedMath: Promise<{ dir: string; code: number; stderr: string }> | undefined;
const renderMath = () =>
  (renderedMath ??= (async () => {
    const dir = await scaffold("math");
    const { code, stderr } = await runCli(["deploy", "render"], dir);
    return { dir, code, stderr };
  })());

async function compareGolden(template: string, files: Map<string, string>) {
  const golden = path.join(GOLDEN, template);
  if (UPDATE) {
    await rm(golden, { recursive: true, force: true });
    for (const [rel, text] of files) {
      await mkdir(path.dirname(path.join(golden, rel)), { recursive: true });
      await writeFile(path.join(golden, rel), text);
    }
  }
  assert.deepEqual(files, await readTree(golden));
}

describe("golden deploy folders, one per template", () => {
  for (const template of TEMPLATE_NAMES) {
    it(`${template}: the deploy folder rendered from its deploy.toml is the golden one, byte for byte`, async () => {
      const dir = await scaffold(template);
      const { settings } = await loadDeployInputs({ cwd: dir });
      await compareGolden(template, await renderDeployFolder(settings, { dir: "deploy", project: dir }));
    });
  }

  it("deploy render writes those files (math), and --check finds them up to date", async () => {
    const { dir, code, stderr } = await renderMath();
    assert.equal(code, 0, stderr);
    await compareGolden("math", await readTree(path.join(dir, "deploy")));
    const again = await runCli(["deploy", "render", "--check"], dir);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /deploy files up to date/);
  });
});

const settingsOf = (table: Record<string, unknown> = {}, flags = {}) =>
  resolveDeploySettings({ name: "math-task-app", image: "ghcr.io/acme/math:1.0.0", ...table }, flags).settings;

describe("objects", () => {
  it("every object passes kubernetes-models' schema validation and the unknown-field check", async () => {
    const settings = settingsOf({ ingress: { host: "math.example.com", tls_secret: "math-tls" }, env: { OPENAI_API_KEY: { secret: "vendor", key: "openai" } } }, { trace: "secret:traces" });
    const objects = await buildKubeObjects(settings);
    assert.deepEqual(objects.map((o) => o.object.kind), ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Ingress"]);
    await validateKubeObjects(objects);
  });

  it("the unknown-field check catches what .validate() lets through (readinesProbe)", async () => {
    const [deployment] = await buildKubeObjects(settingsOf());
    const json = deployment!.object.toJSON() as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
    const container = json.spec.template.spec.containers[0]!;
    container.readinesProbe = container.readinessProbe;
    const typo = new Deployment(json as never);
    assert.doesNotThrow(() => typo.validate(), "kubernetes-models accepts the typo");
    await assert.rejects(validateKubeObjects([{ file: "deployment.yaml", object: typo }]), (error: DeployRenderError) => {
      assert.deepEqual(error.problems, ["Deployment math-task-app (deployment.yaml): unknown field spec.template.spec.containers[0].readinesProbe"]);
      return true;
    });
  });

  it("a wrong type is refused by the schema validation", async () => {
    const [deployment] = await buildKubeObjects(settingsOf());
    const json = deployment!.object.toJSON() as { spec: Record<string, unknown> };
    json.spec.revisionHistoryLimit = "five";
    await assert.rejects(validateKubeObjects([{ file: "deployment.yaml", object: new Deployment(json as never) }]), /revisionHistoryLimit/);
  });

  it("the pod runs as non-root with no privilege escalation, all capabilities dropped, a read-only root and an emptyDir /tmp, and outlives the drain", async () => {
    const files = await renderDeployFolder(settingsOf({ shutdown_grace_seconds: 20 }));
    const deployment = parse(files.get("base/deployment.yaml")!);
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    assert.equal(pod.securityContext.runAsNonRoot, true);
    assert.notEqual(pod.securityContext.runAsUser, 0);
    assert.equal(container.securityContext.allowPrivilegeEscalation, false);
    assert.deepEqual(container.securityContext.capabilities.drop, ["ALL"]);
    assert.equal(container.securityContext.readOnlyRootFilesystem, true);
    assert.deepEqual(container.volumeMounts, [{ name: "tmp", mountPath: "/tmp" }]);
    assert.ok(pod.volumes.some((v: { name: string; emptyDir?: object }) => v.name === "tmp" && v.emptyDir));
    // rollouts' grace + the abort + the hooks' grace: the kubelet must not SIGKILL before.
    assert.ok(pod.terminationGracePeriodSeconds > 2 * 20 + 1);
    assert.deepEqual(container.resources, { requests: { cpu: "500m", memory: "512Mi" }, limits: { cpu: "2", memory: "1Gi" } });
    assert.equal(container.command[container.command.indexOf("--workers") + 1], "2", "workers default to the CPU limit");
    assert.equal(parse(files.get("base/hpa.yaml")!).apiVersion, "autoscaling/v2");
    assert.equal(parse(files.get("base/pdb.yaml")!).apiVersion, "policy/v1");
  });

  it("the Dockerfile is multi-stage from the lockfile, installs production dependencies only and runs as a non-root user", async () => {
    const dockerfile = (await renderDeployFolder(settingsOf())).get("Dockerfile")!;
    assert.equal(dockerfile.split("\n")[0], "# syntax=docker/dockerfile:1");
    assert.equal((dockerfile.match(/^FROM /gm) ?? []).length, 2);
    assert.match(dockerfile, /^COPY package\.json package-lock\.json \.\/$/m);
    assert.match(dockerfile, /^RUN npm pkg delete devDependencies && npm ci --omit=dev /m);
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map((m) => m[1]!);
    assert.equal(users.length, 1);
    const [uid, gid] = users[0]!.split(":");
    assert.ok(uid !== "0" && uid !== "root" && gid !== "0", `USER ${users[0]}`);
    assert.ok(dockerfile.lastIndexOf("USER ") < dockerfile.indexOf("\nCMD "), "USER comes before CMD");
    assert.match(dockerfile, /^CMD \["node","node_modules\/task-app\/bin\/task-app\.js","serve","build\/app\.js","--host","0\.0\.0\.0","--port","8001","--workers","2","--metrics-port","9464"\]$/m);
    assert.match(dockerfile, /^HEALTHCHECK .*127\.0\.0\.1:8001\//m);
    const ignore = (await renderDeployFolder(settingsOf())).get("Dockerfile.dockerignore")!.split("\n");
    for (const kept of [".env", "traces", "runs", "node_modules"]) assert.ok(ignore.includes(kept), kept);
  });
});

describe("the image's build stage and command", () => {
  it("the Dockerfile's tsc step compiles the scaffolded app into build/, and its CMD serves it (rubrics found from there)", async (t) => {
    // The math scaffold the golden test rendered with the CLI: its deploy/ as `deploy render` wrote it.
    const { dir, code, stderr } = await renderMath();
    assert.equal(code, 0, stderr);
    await mkdir(path.join(dir, "node_modules"), { recursive: true });
    await symlink(packageRoot(), path.join(dir, "node_modules", "task-app"), "dir");
    await symlink(path.join(NODE_MODULES, "@types"), path.join(dir, "node_modules", "@types"), "dir");
    const dockerfile = await readFile(path.join(dir, "deploy", "Dockerfile"), "utf8");
    const tscArgs = /^RUN npx tsc (.+)$/m.exec(dockerfile)![1]!.split(" ");
    const tsc = await runProcess(process.execPath, [path.join(NODE_MODULES, "typescript", "bin", "tsc"), ...tscArgs], dir);
    assert.equal(tsc.code, 0, tsc.stdout + tsc.stderr);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    assert.ok(existsSync(path.join(dir, cmd[3]!)), `${cmd[3]} was built`);
    const server = await startServe(cmd[3]!, [], { cwd: dir, env: { ENVIRONMENT_API_KEY: "build-stage-key-0123456789" } });
    t.after(() => server.kill());
    const info = await fetch(`${server.url}/task_info`, { headers: { "x-api-key": "build-stage-key-0123456789" } });
    assert.equal(info.status, 200);
  });
});

describe("secrets", () => {
  it("no secret value reaches any rendered file: the key and the trace store URL are secretKeyRefs", async () => {
    const dir = path.join(root, "secrets");
    await mkdir(dir, { recursive: true });
    const key = "sk-env-0123456789abcdef0123456789";
    const url = "postgres://traces:hunter2-very-secret@db.internal:5432/traces";
    await writeFile(path.join(dir, ".env"), `ENVIRONMENT_API_KEY=${key}\n`);
    const result = await runCli(["deploy", "render", "--name", "math-task-app", "--image", "ghcr.io/acme/math:1.0.0", "--trace", url], dir, { ...process.env, ENVIRONMENT_API_KEY: key });
    assert.equal(result.code, 0, result.stderr);
    const files = await readTree(path.join(dir, "deploy"));
    for (const [rel, text] of files) {
      assert.ok(!text.includes(key) && !text.includes("hunter2") && !text.includes("db.internal"), `${rel} holds a secret`);
    }
    assert.ok(!result.stdout.includes("hunter2") && !result.stderr.includes("hunter2"));
    const env = parse(files.get("base/deployment.yaml")!).spec.template.spec.containers[0].env;
    assert.deepEqual(env, [
      { name: "ENVIRONMENT_API_KEY", valueFrom: { secretKeyRef: { name: "math-task-app-env", key: "ENVIRONMENT_API_KEY" } } },
      { name: "TASKAPP_TRACE_DB", valueFrom: { secretKeyRef: { name: "math-task-app-traces", key: "TASKAPP_TRACE_DB" } } },
    ]);
    for (const e of env as Record<string, unknown>[]) assert.equal(e.value, undefined);
  });
});

/** A server for the probe tests, started once (the HEALTHCHECK test stops it to see the check fail): the plain JavaScript pid app, as the probes are about paths, not TypeScript loading. */
let probeServer: ReturnType<typeof startServe> | undefined;
const startProbeServer = () => (probeServer ??= startServe("test/fixtures/apps/pid.mjs", [], { env: { ENVIRONMENT_API_KEY: "probe-test-key-0123456789" } }));
after(async () => (await probeServer?.catch(() => undefined))?.kill());

describe("probes", () => {
  it("every probe and the HEALTHCHECK reach a path the real server answers 200 without a key", async () => {
    const files = await renderDeployFolder(settingsOf());
    const container = parse(files.get("base/deployment.yaml")!).spec.template.spec.containers[0];
    const paths = new Set<string>(["startupProbe", "readinessProbe", "livenessProbe"].map((p) => container[p].httpGet.path as string));
    assert.equal(container.startupProbe.httpGet.port, "http");
    assert.equal(container.ports[0].name, "http");
    const healthcheck = /HEALTHCHECK .*'http:\/\/127\.0\.0\.1:\d+(\/[^']*)'/.exec(files.get("Dockerfile")!)?.[1];
    paths.add(healthcheck!);
    const server = await startProbeServer();
    for (const probe of paths) {
      const response = await fetch(`${server.url}${probe}`);
      assert.equal(response.status, 200, `GET ${probe} without a key`);
    }
    // The same request on a guarded path is refused: the probe path is what makes it pass.
    assert.equal((await fetch(`${server.url}/health`)).status, 401);
  });

  it("the HEALTHCHECK command itself passes against the server on its port, a port fetch refuses included, and fails when nothing answers", async (t) => {
    const runHealthcheck = async (port: number) => {
      const dockerfile = (await renderDeployFolder(settingsOf({ port }))).get("Dockerfile")!;
      const argv = JSON.parse(/^HEALTHCHECK .* CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
      assert.deepEqual(argv.slice(0, 2), ["node", "-e"]);
      return (await runProcess(process.execPath, argv.slice(1), root, 15_000)).code;
    };
    // 6000 (X11) is on the Fetch standard's blocked-port list: a fetch-based check could never pass there.
    for (const port of [6000, 0]) {
      let server: Awaited<ReturnType<typeof startServe>>;
      try {
        server = port === 0 ? await startProbeServer() : await startServe("test/fixtures/apps/pid.mjs", [], { port, env: { ENVIRONMENT_API_KEY: "probe-test-key-0123456789" } });
      } catch (error) {
        if (port === 6000) {
          t.diagnostic(`port 6000 is taken here, the blocked-port case is not run: ${(error as Error).message}`);
          continue;
        }
        throw error;
      }
      const bound = Number(new URL(server.url).port);
      try {
        assert.equal(await runHealthcheck(bound), 0, `HEALTHCHECK against the server on port ${bound}`);
      } finally {
        await server.kill();
      }
      assert.equal(await runHealthcheck(bound), 1, `HEALTHCHECK with nothing on port ${bound}`);
    }
  });
});

describe("bad settings", () => {
  it("an invalid name in deploy.toml is refused at its line:col, naming it, and nothing is written", async () => {
    const dir = path.join(root, "bad-name");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "deploy.toml"), '[deploy]\nimage = "ghcr.io/acme/math:1.0.0"\nname = "Math_App"\n');
    const result = await runCli(["deploy", "render"], dir);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^deploy\.toml:3:1: error: deploy\.name: name "Math_App" is not a Kubernetes DNS-1123 label/m);
    assert.match(result.stderr, /nothing was written/);
    assert.equal(existsSync(path.join(dir, "deploy")), false);
    // A flag replaces the bad value (the CLI's main in this process: the exit codes as a process gives them are the other runCli calls').
    const fixed = await runCliInProcess(["deploy", "render", "--name", "math-app"], { cwd: dir });
    assert.equal(fixed.code, 0, fixed.stderr);
    assert.match(await readFile(path.join(dir, "deploy/base/service.yaml"), "utf8"), /name: math-app/);
  });

  it("a bad --name is a usage error naming the flag, nothing written", async () => {
    const dir = path.join(root, "bad-flag");
    await mkdir(dir, { recursive: true });
    const result = await runCli(["deploy", "render", "--name=-bad-", "--image", "ghcr.io/acme/math:1.0.0"], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--name -bad-: name "-bad-" is not a Kubernetes DNS-1123 label/);
    assert.equal(existsSync(path.join(dir, "deploy")), false);
  });

  it("file findings carry positions; a local --trace path and a missing image are explained", async () => {
    const dir = path.join(root, "bad-values");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "deploy.toml"), '[deploy]\nname = "math"\nimage = "ghcr.io/acme/math"\n\n[deploy.replicas]\nmin = 5\nmax = 2\n');
    const result = await runCliInProcess(["deploy", "render"], { cwd: dir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^deploy\.toml:3:1: error: deploy\.image: image must be a reference with a tag or digest/m);
    assert.match(result.stderr, /^deploy\.toml:7:1: error: deploy\.replicas\.max: replicas\.max \(2\) is below replicas\.min \(5\)/m);
    const trace = await runCliInProcess(["deploy", "render", "--name", "m", "--image", "a/b:1", "--trace", "traces/v3"], { cwd: path.join(root, "bad-flag") });
    assert.equal(trace.code, 2);
    assert.match(trace.stderr, /--trace traces\/v3: a local path cannot be shared by pods/);
    const noImage = await runCliInProcess(["deploy", "render", "--name", "m"], { cwd: path.join(root, "bad-flag") });
    assert.equal(noImage.code, 2);
    assert.match(noImage.stderr, /deploy\.image: missing; set it in deploy\.toml or pass --image/);
  });

  it("loadDeployInputs reads deploy.toml from the folder and flags win", async () => {
    const dir = path.join(root, "flags");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "deploy.toml"), '[deploy]\nname = "math"\nimage = "ghcr.io/acme/math:1.0.0"\n[deploy.resources]\ncpu_limit = "1500m"\n');
    const { settings } = await loadDeployInputs({ cwd: dir, flags: { replicas: "3", namespace: "rl" } });
    assert.deepEqual(settings.replicas, { min: 3, max: 3, targetInFlight: 8, targetCpuPercent: 70 });
    assert.equal(settings.namespace, "rl");
    assert.equal(settings.workers, 2, "1500m rounds up to 2 workers");
  });
});
