/**
 * How a rendered deploy scales and drains: the autoscaler scales on the
 * server's in-flight gauge (a Pods metric named as the server names it,
 * its adapter named in hpa.yaml) with CPU as the fallback; the pod serves
 * the gauge on the port and path Prometheus is told of; on scale-in and
 * rolling updates a preStop wait comes before SIGTERM, and the termination
 * grace period outlasts that wait plus the server's drain. The gauge is
 * read from a real `task-app serve` started with the rendered flags.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, it } from "node:test";
import { parse } from "yaml";
import { renderDeployFolder, resolveDeploySettings, validateKubeObjects, buildKubeObjects } from "../src/deploy/index.js";
import { IN_FLIGHT_METRIC } from "../src/server/metrics.js";
import { cliArgv } from "./helpers/cli-command.js";

const settingsOf = (table: Record<string, unknown> = {}) => resolveDeploySettings({ name: "math-task-app", image: "ghcr.io/acme/math:1.0.0", ...table }).settings;

it("the autoscaler scales on the in-flight gauge per pod, with CPU as the fallback, and hpa.yaml names the adapter it needs", async () => {
  const files = await renderDeployFolder(settingsOf({ resources: { cpu_limit: "3" } }));
  const text = files.get("base/hpa.yaml")!;
  assert.match(text, /^# .*prometheus-adapter/m);
  const hpa = parse(text);
  assert.deepEqual(hpa.spec.metrics, [
    { type: "Pods", pods: { metric: { name: IN_FLIGHT_METRIC }, target: { type: "AverageValue", averageValue: "12" } } },
    { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } },
  ]);
  const given = parse((await renderDeployFolder(settingsOf({ replicas: { target_in_flight: 5 } }))).get("base/hpa.yaml")!);
  assert.equal(given.spec.metrics[0].pods.target.averageValue, "5");
  await validateKubeObjects(await buildKubeObjects(settingsOf()));
});

it("the pod drains: a preStop wait, then SIGTERM, within a grace period longer than both", async () => {
  const settings = settingsOf({ shutdown_grace_seconds: 120 });
  const pod = parse((await renderDeployFolder(settings)).get("base/deployment.yaml")!).spec.template.spec;
  const [sleep, seconds] = pod.containers[0].lifecycle.preStop.exec.command as string[];
  assert.equal(sleep, "sleep");
  // The server's drain: the rollouts' grace, the abort, the shutdown hooks' grace, the exit.
  assert.ok(pod.terminationGracePeriodSeconds > Number(seconds) + 2 * 120 + 1, String(pod.terminationGracePeriodSeconds));
});

it("the rendered command serves the gauge on the port and path the pod's annotations and ports name", async (t) => {
  const deployment = parse((await renderDeployFolder(settingsOf())).get("base/deployment.yaml")!);
  const container = deployment.spec.template.spec.containers[0];
  const annotations = deployment.spec.template.metadata.annotations;
  const port = container.command[container.command.indexOf("--metrics-port") + 1];
  assert.equal(annotations["prometheus.io/port"], port);
  assert.equal(annotations["prometheus.io/scrape"], "true");
  assert.deepEqual(container.ports.find((p: { name: string }) => p.name === "metrics"), { name: "metrics", containerPort: Number(port), protocol: "TCP" });
  // The rendered serve flags on this machine (ports 0: free ones), the app a plain JavaScript one.
  const args = (container.command as string[]).slice(2); // serve <module> --host … --port … --workers … --metrics-port …
  args[1] = "test/fixtures/apps/pid.mjs";
  for (const flag of ["--port", "--metrics-port"]) args[args.indexOf(flag) + 1] = "0";
  args[args.indexOf("--host") + 1] = "127.0.0.1";
  assert.deepEqual(args.slice(0, 1), ["serve"]);
  const env: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: "scaling-test-key-0123456789" };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => child.on("close", resolve));
  after(() => void child.kill("SIGKILL"));
  let out = "";
  const metrics = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const url = /"metrics_url":"([^"]+)"/.exec(out)?.[1];
      if (url && /"url":"http/.test(out)) resolve(url);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(out)));
  });
  assert.equal(new URL(metrics).pathname, annotations["prometheus.io/path"]);
  const text = await (await fetch(metrics)).text();
  assert.match(text, new RegExp(`^${IN_FLIGHT_METRIC} 0$`, "m"));
  child.kill("SIGTERM");
  t.diagnostic(`serve exited with ${String(await exited)}`);
});
