/**
 * `task-app deploy apply | status | delete` against a loopback Kubernetes
 * API endpoint (test/helpers/kube-api.ts) reached through a temp kubeconfig:
 * the requests are what a real API server accepts (server-side apply with
 * its content type and field manager, namespaces on every path), the
 * Secret is created from ENVIRONMENT_API_KEY and never printed, the app is
 * checked through the Service proxy against a real task-app server, and the
 * cluster's refusals (403, 404, 409, a rollout that never gets ready, an
 * image that cannot be pulled) give clear messages and exit codes.
 * Claims about the CLI (exit codes, wording, flags) spawn it, once per
 * subcommand and exit code; further cases of a path already seen from a
 * process run the CLI's main in this process with the same argv; claims about
 * the library (the watch, its restarts, the polling fallback, the cluster's
 * refusals in words) call applyDeploy in this process against the same endpoint.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parseAllDocuments } from "yaml";
import { reportApplyEvent, progressWriter } from "../src/cli/commands/deploy.js";
import { applyDeploy, connectCluster, resolveDeploySettings, type ApplyEvent, type ApplyOptions, type DeployClusterError } from "../src/deploy/index.js";
import type { DeployOverrides } from "../src/deploy/settings.js";
import { startKubeApi, type KubeApi, type KubeApiOptions } from "./helpers/kube-api.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { runCli } from "./helpers/run-cli.js";
import { startServe, type ServeProcess } from "./helpers/serve-process.js";

const KEY = "sk-deploy-apply-0123456789abcdef";
const home = await mkdtemp(path.join(os.tmpdir(), "deploy-apply-"));
after(() => rm(home, { recursive: true, force: true }));
const BASE = ["--name", "math-task-app", "--image", "ghcr.io/acme/math:1.0.0"];

let app: ServeProcess;
before(async () => {
  app = await startServe("test/fixtures/apps/pid.mjs", [], { env: { ENVIRONMENT_API_KEY: KEY } });
});
after(() => app?.kill());

const envFor = (api: KubeApi | undefined, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, KUBECONFIG: api?.kubeconfig ?? path.join(home, "none"), NO_COLOR: "1" };
  delete env.ENVIRONMENT_API_KEY;
  delete env.KUBERNETES_SERVICE_HOST;
  delete env.NODE_TEST_CONTEXT;
  return { ...env, ...extra };
};
async function withApi(options: KubeApiOptions, work: (api: KubeApi) => Promise<void>) {
  const api = await startKubeApi({ backend: app.url, ...options });
  try {
    await work(api);
  } finally {
    await api.close();
  }
}

/** applyDeploy in this process against `api`, with BASE's settings (and `flags`), the key, no check; the events it reported. */
async function applyHere(api: KubeApi, options: Partial<ApplyOptions> = {}, flags: DeployOverrides = {}) {
  const cluster = await connectCluster({ KUBECONFIG: api.kubeconfig });
  const { settings } = resolveDeploySettings(undefined, { name: "math-task-app", image: "ghcr.io/acme/math:1.0.0", ...flags });
  const events: ApplyEvent[] = [];
  const result = await applyDeploy(cluster, { settings, apiKey: KEY, timeoutMs: 60_000, verify: false, onEvent: (e) => events.push(e), ...options });
  return { result, events };
}
/** An assert.rejects check: a DeployClusterError with exit code `code` whose message matches every pattern. */
const clusterError =
  (code: number, ...patterns: RegExp[]) =>
  (error: DeployClusterError) => {
    assert.equal(error.name, "DeployClusterError", String(error));
    assert.equal(error.code, code);
    for (const p of patterns) assert.match(error.message, p);
    return true;
  };
const watchesOf = (api: KubeApi) => api.seen.filter((r) => r.method === "GET" && new URL(r.path, "http://x").searchParams.get("watch") === "true").map((r) => new URL(r.path, "http://x"));

describe("deploy apply", () => {
  it("creates the Secret, applies every object server-side, waits, checks through the cluster and prints the task URL", async () => {
    await withApi({}, async (api) => {
      const result = await runCli(["deploy", "apply", ...BASE, "--timeout", "60"], home, envFor(api, { ENVIRONMENT_API_KEY: KEY }));
      assert.equal(result.code, 0, result.stderr + result.stdout);
      assert.ok(!result.stdout.includes(KEY) && !result.stderr.includes(KEY), "the key is never printed");
      assert.match(result.stderr, /created Secret math-task-app-env/);
      assert.match(result.stderr, /rollout math-task-app: 2\/2 ready/);
      assert.match(result.stdout, /PASS\s+rollout-valid/);
      assert.match(result.stdout, /^services\.task_url = "http:\/\/math-task-app\.default\.svc\.cluster\.local"$/m);
      assert.match(result.stdout, /^next: task-app train --config configs\/rl\.toml --task-url http:\/\/math-task-app\.default\.svc\.cluster\.local$/m);

      const patches = api.seen.filter((r) => r.method === "PATCH");
      assert.deepEqual(
        patches.map((r) => new URL(r.path, "http://x").pathname),
        [
          "/apis/apps/v1/namespaces/default/deployments/math-task-app",
          "/api/v1/namespaces/default/services/math-task-app",
          "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/math-task-app",
          "/apis/policy/v1/namespaces/default/poddisruptionbudgets/math-task-app",
        ],
      );
      for (const r of patches) {
        assert.equal(r.headers["content-type"], "application/apply-patch+yaml");
        assert.equal(new URL(r.path, "http://x").searchParams.get("fieldManager"), "task-app");
        assert.equal(new URL(r.path, "http://x").searchParams.get("force"), null, "no force unless asked");
        assert.ok(!r.body.includes(KEY), "no key in an applied object");
      }
      assert.ok(api.seen.some((r) => r.method === "GET" && r.path === "/apis/apps/v1"), "discovery of apps/v1");
      const secret = api.store.get("secrets/default/math-task-app-env") as { stringData: Record<string, string>; type: string };
      assert.deepEqual(secret.stringData, { ENVIRONMENT_API_KEY: KEY });
      assert.ok(api.seen.some((r) => r.path.startsWith("/api/v1/namespaces/default/services/math-task-app:http/proxy/rollout")), "the check went through the Service proxy");

      // status and delete find what is deployed by name: no image needed.
      const status = await runCli(["deploy", "status", "--name", "math-task-app"], home, envFor(api));
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /^math-task-app in default: 2\/2 ready$/m);

      // Applied again (in this process: the CLI's --no-wait and its lines are the other tests'): the Secret is kept, not overwritten.
      const { events: again } = await applyHere(api, { apiKey: "another-key-0123456789", wait: false });
      let printed = "";
      const progress = progressWriter({ isTTY: false, write: (s: string) => ((printed += s), true) } as never);
      for (const event of again) reportApplyEvent(progress, "math-task-app", event);
      assert.match(printed, /^Secret math-task-app-env exists \(kept as it is\)$/m);
      assert.deepEqual((api.store.get("secrets/default/math-task-app-env") as { stringData: Record<string, string> }).stringData, { ENVIRONMENT_API_KEY: KEY });

      const rolling = await runCliInProcess(["deploy", "status", "--name", "math-task-app"], { cwd: home, env: envFor(api) });
      assert.match(rolling.stdout, /^math-task-app in default: \d\/2 ready \(rolling out\)$/m, "the new generation is rolling out");

      const deleted = await runCli(["deploy", "delete", "--name", "math-task-app"], home, envFor(api));
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.match(deleted.stdout, /deleted Deployment math-task-app/);
      assert.ok(!api.store.has("deployments/default/math-task-app"));
      assert.ok(api.store.has("secrets/default/math-task-app-env"), "Secrets are kept");
      const gone = await runCliInProcess(["deploy", "delete", "--name", "math-task-app"], { cwd: home, env: envFor(api) });
      assert.match(gone.stdout, /Deployment math-task-app was already gone/);
    });
  });

  it("--trace with a store URL: the URL goes into the Secret <name>-traces (created once), never into an object or the terminal", async () => {
    await withApi({}, async (api) => {
      const url = "postgres://traces:pw-very-secret@db.internal:5432/traces";
      const result = await runCli(["deploy", "apply", ...BASE, "--trace", url, "--no-wait"], home, envFor(api, { ENVIRONMENT_API_KEY: KEY }));
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /created Secret math-task-app-traces/);
      assert.deepEqual((api.store.get("secrets/default/math-task-app-traces") as { stringData: Record<string, string> }).stringData, { TASKAPP_TRACE_DB: url });
      for (const r of api.seen.filter((x) => x.method === "PATCH")) assert.ok(!r.body.includes("pw-very-secret"), r.path);
      assert.ok(!(result.stdout + result.stderr).includes("pw-very-secret"));
      const deployment = api.store.get("deployments/default/math-task-app") as { spec: { template: { spec: { containers: { env: unknown[] }[] } } } };
      assert.deepEqual(deployment.spec.template.spec.containers[0]!.env[1], { name: "TASKAPP_TRACE_DB", valueFrom: { secretKeyRef: { name: "math-task-app-traces", key: "TASKAPP_TRACE_DB" } } });
    });
  });

  it("--dry-run prints the objects as YAML with no kubeconfig at all", async () => {
    const result = await runCli(["deploy", "apply", ...BASE, "--dry-run"], home, envFor(undefined));
    assert.equal(result.code, 0, result.stderr);
    const kinds = parseAllDocuments(result.stdout).map((d) => (d.toJSON() as { kind: string }).kind);
    assert.deepEqual(kinds, ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"]);
  });

  it("the docs' command line `deploy <app> --name … --trace …` is apply, and explains a local trace path", async () => {
    const docs = await runCli(["deploy", "my-env", "--name", "my-task-app", "--trace", "traces/v3"], home, envFor(undefined, { ENVIRONMENT_API_KEY: KEY }));
    assert.equal(docs.code, 2);
    assert.doesNotMatch(docs.stderr, /Unknown argument/);
    assert.match(docs.stderr, /task-app deploy apply: --trace traces\/v3: a local path cannot be shared by pods; give the shared store's URL/);
    const named = await runCliInProcess(["deploy", "my-env", "--image", "ghcr.io/acme/math:1.0.0", "--dry-run"], { cwd: home, env: envFor(undefined) });
    assert.equal(named.code, 0, named.stderr);
    assert.match(named.stdout, /^ {2}name: my-env$/m, "an app id names the deployment when --name is not given");
  });

  it("without a kubeconfig, apply says so (exit 2)", async () => {
    const result = await runCli(["deploy", "apply", ...BASE], home, envFor(undefined, { ENVIRONMENT_API_KEY: KEY }));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /task-app deploy apply: no kubeconfig: set KUBECONFIG/);
  });

  it("no key and no Secret: refused before anything is applied", async () => {
    await withApi({}, async (api) => {
      await assert.rejects(applyHere(api, { apiKey: undefined }), clusterError(1, /Secret math-task-app-env is not in namespace default and there is no ENVIRONMENT_API_KEY to create it from/));
      assert.equal(api.seen.filter((r) => r.method === "PATCH").length, 0);
    });
  });

  it("403 from RBAC names the call and the right needed", async () => {
    await withApi({ forbidden: ["patch deployments"] }, async (api) => {
      await assert.rejects(
        applyHere(api),
        clusterError(1, /apply Deployment math-task-app in namespace default: forbidden \(403\): deployments\.apps "math-task-app" is forbidden: User "tester" cannot patch resource "deployments"/, /needs RBAC rights/),
      );
    });
  });

  it("404 for a namespace that does not exist", async () => {
    await withApi({}, async (api) => {
      await assert.rejects(applyHere(api, {}, { namespace: "rl-apps" }), clusterError(1, /not found \(404\): namespaces "rl-apps" not found; does the namespace exist\?/));
    });
  });

  it("409: a field another manager owns is reported with the way to take it over; --force does", async () => {
    await withApi({ conflicts: { "deployments/math-task-app": "kubectl-edit" } }, async (api) => {
      await assert.rejects(applyHere(api), clusterError(1, /conflict \(409\): Apply failed with 1 conflict: conflict with "kubectl-edit"/, /pass --force to take them over/));
      const forced = await runCliInProcess(["deploy", "apply", ...BASE, "--force", "--no-wait"], { cwd: home, env: envFor(api, { ENVIRONMENT_API_KEY: KEY }) });
      assert.equal(forced.code, 0, forced.stderr);
      const deploymentPatches = api.seen.filter((r) => r.method === "PATCH" && r.path.includes("/deployments/"));
      assert.deepEqual(deploymentPatches.map((r) => new URL(r.path, "http://x").searchParams.get("force")), [null, "true"]);
    });
  });

  it("follows the rollout with a watch of the Deployment, not by reading it again and again", async () => {
    await withApi({}, async (api) => {
      const { result, events } = await applyHere(api);
      assert.deepEqual([result.rollout?.ready, result.rollout?.wanted, result.rollout?.done], [2, 2, true]);
      assert.ok(events.some((e) => e.type === "rollout"), "progress reported");
      assert.ok(!events.some((e) => e.type === "polling"), "not polled");
      const watches = watchesOf(api);
      assert.equal(watches.length, 1, "one watch stream");
      assert.equal(watches[0]!.pathname, "/apis/apps/v1/namespaces/default/deployments");
      assert.equal(watches[0]!.searchParams.get("fieldSelector"), "metadata.name=math-task-app");
      assert.ok(watches[0]!.searchParams.get("resourceVersion"), "watched from the version read");
      const reads = api.seen.filter((r) => r.method === "GET" && new URL(r.path, "http://x").pathname === "/apis/apps/v1/namespaces/default/deployments/math-task-app");
      assert.equal(reads.length, 1, "the Deployment is read once, then watched");
    });
  });

  it("watches again from the last version when the server ends the stream", async () => {
    await withApi({ watch: "drop" }, async (api) => {
      const { result, events } = await applyHere(api);
      assert.deepEqual([result.rollout?.ready, result.rollout?.wanted, result.rollout?.done], [2, 2, true]);
      const watches = watchesOf(api).map((u) => u.searchParams.get("resourceVersion"));
      assert.ok(watches.length >= 2, `watched again (${watches.length})`);
      assert.ok(Number(watches[1]) > Number(watches[0]), "from a later version than the first watch");
      assert.ok(!events.some((e) => e.type === "polling"), "not polled");
    });
  });

  it("a 410 ERROR event (version too old) starts the watch again from the current state; lines that are not events are skipped", async () => {
    await withApi({ watch: "expire" }, async (api) => {
      const { result, events } = await applyHere(api);
      assert.deepEqual([result.rollout?.ready, result.rollout?.wanted, result.rollout?.done], [2, 2, true]);
      assert.ok(!events.some((e) => e.type === "polling"), "not polled");
      const versions = watchesOf(api).map((u) => u.searchParams.get("resourceVersion"));
      assert.equal(versions.length, 2);
      assert.ok(versions[0], "the first watch names the version read");
      assert.equal(versions[1], null, "the second starts from the current state");
    });
    await withApi({ watch: "garbage" }, async (api) => {
      const { result, events } = await applyHere(api);
      assert.deepEqual([result.rollout?.ready, result.rollout?.wanted, result.rollout?.done], [2, 2, true]);
      assert.ok(!events.some((e) => e.type === "polling"), "not polled");
    });
  });

  it("falls back to polling when the cluster refuses the watch (403), saying so", async () => {
    await withApi({ forbidden: ["watch deployments"] }, async (api) => {
      const { result, events } = await applyHere(api, { pollMs: 50 });
      assert.deepEqual([result.rollout?.ready, result.rollout?.wanted, result.rollout?.done], [2, 2, true]);
      const fallback = events.find((e) => e.type === "polling");
      assert.deepEqual(fallback, { type: "polling", reason: "the watch failed: 403 Forbidden" });
      const reads = api.seen.filter((r) => r.method === "GET" && new URL(r.path, "http://x").pathname === "/apis/apps/v1/namespaces/default/deployments/math-task-app");
      assert.ok(reads.length >= 3, "polled");
      // What `deploy apply` prints for it (off a terminal: one plain line).
      let printed = "";
      reportApplyEvent(progressWriter({ isTTY: false, write: (s: string) => ((printed += s), true) } as never), "math-task-app", fallback!);
      assert.equal(printed, "cannot watch the rollout (the watch failed: 403 Forbidden); polling it instead\n");
    });
  });

  it("a rollout that never gets ready times out with the pods' troubles (exit 1)", async () => {
    await withApi({ rollout: { mode: "never" } }, async (api) => {
      const result = await runCli(["deploy", "apply", ...BASE, "--timeout", "1"], home, envFor(api, { ENVIRONMENT_API_KEY: KEY }));
      assert.equal(result.code, 1);
      assert.match(result.stderr, /rollout math-task-app: 0\/2 ready \(math-task-app-7d9f-0: CrashLoopBackOff/);
      assert.match(result.stderr, /task-app deploy apply: rollout of math-task-app did not finish within 1 s: 0\/2 ready; .*CrashLoopBackOff.*event BackOff/);
    });
  });

  it("an image the cluster cannot pull fails at once, saying so", async () => {
    await withApi({ rollout: { mode: "bad-image" } }, async (api) => {
      await assert.rejects(
        applyHere(api, { timeoutMs: 120_000 }),
        clusterError(1, /rollout of math-task-app failed: math-task-app-7d9f-0: ImagePullBackOff: Back-off pulling image "ghcr\.io\/acme\/math:1\.0\.0" \(was the image pushed/),
      );
    });
  });
});
