/**
 * `task-app deploy render | apply | status | delete`: puts a task app on
 * Kubernetes from deploy.toml (and flags). `render` writes the deploy folder
 * (Dockerfile, .dockerignore, kustomize base); `apply` applies the objects to
 * the current kubeconfig context, waits for the rollout and checks the app.
 * Exit codes: 0 done, 1 the config, the cluster or the app failed (or a
 * package deploy needs is not installed), 2 usage.
 */
import { relative, resolve, join, sep } from "node:path";
import type { Argv, CommandModule } from "yargs";
import { contextOf, type CommandContext } from "../context.js";
import { ENV_FILE_OPTION } from "../env-option.js";
import { escapeTerminal, stringifyForTerminal } from "../../text/terminal.js";
import type { DeployOverrides } from "../../deploy/settings.js";
import type { ApplyEvent } from "../../deploy/apply.js";
import type { DeployPackage } from "../../deploy/packages.js";
import { commandName } from "../invocation.js";

/** The flags: deploy.toml's overrides (see DeployOverrides) and the command's own. */
export interface DeployArgs extends DeployOverrides {
  config?: string;
  out: string;
  check: boolean;
  "dry-run": boolean;
  "env-file": string[];
  timeout: number;
  wait: boolean;
  verify: boolean;
  json: boolean;
  force: boolean;
  app?: string;
}

/** Loads the settings; a bad file or flag is reported and gives undefined (exit code set). */
export async function loadSettingsOrReport(args: DeployArgs, context: CommandContext, command: string) {
  // settings and load alone: an argument error must not load the object builders.
  const { loadDeployInputs } = await import("../../deploy/load.js");
  const { DeploySettingsError } = await import("../../deploy/settings.js");
  const { ConfigError } = await import("../../config/load.js");
  const { formatFinding } = await import("../../config/findings.js");
  try {
    return await loadDeployInputs({
      ...(args.config ? { config: args.config } : {}),
      flags: { name: args.name, namespace: args.namespace, image: args.image, replicas: args.replicas, workers: args.workers, trace: args.trace, module: args.module, port: args.port },
      imageOptional: command === "status" || command === "delete",
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const finding of error.findings) process.stderr.write(`${formatFinding(finding)}\n`);
      process.stderr.write(`task-app deploy ${command}: ${args.config ?? "deploy.toml"} is invalid; nothing was ${command === "render" ? "written" : "applied"}\n`);
      context.setExitCode(1);
      return undefined;
    }
    if (error instanceof DeploySettingsError) {
      process.stderr.write(`${error.message.split("\n").map((l) => `task-app deploy ${command}: ${l}`).join("\n")}\n`);
      context.setExitCode(2);
      return undefined;
    }
    throw error;
  }
}

async function runRender(args: DeployArgs): Promise<void> {
  const context = contextOf(args);
  const inputs = await loadSettingsOrReport(args, context, "render");
  if (!inputs) return;
  const { renderDeployFolder, describeRenderNotes, DeployRenderError } = await import("../../deploy/render.js");
  const { DeploySettingsError } = await import("../../deploy/settings.js");
  const { checkDeployTargets, findChangedDeployFiles, writeDeployFolder, DeployFolderError } = await import("../../deploy/write.js");
  const out = resolve(args.out);
  const dir = relative(process.cwd(), out).split(sep).join("/") || ".";
  const refuse = (problems: string[], why: string, code: number) => {
    for (const problem of problems) process.stderr.write(`task-app deploy render: ${problem}\n`);
    process.stderr.write(`task-app deploy render: ${why}nothing was written\n`);
    context.setExitCode(code);
  };
  let files: Map<string, string>;
  try {
    files = await renderDeployFolder(inputs.settings, { dir });
  } catch (error) {
    if (error instanceof DeploySettingsError) return refuse([error.message], "", 2);
    if (!(error instanceof DeployRenderError)) throw error;
    return refuse(error.problems, `${error.reason}; `, 1);
  }
  try {
    if (args.check) {
      await checkDeployTargets(out, files.keys());
      const changed = await findChangedDeployFiles(out, files);
      for (const path of changed) process.stderr.write(`drifted: ${join(args.out, path)}\n`);
      if (changed.length) {
        process.stderr.write(`${changed.length} deploy file(s) out of date; run \`task-app deploy render --out ${args.out}\`.\n`);
        context.setExitCode(1);
      } else process.stdout.write(`${files.size} deploy files up to date in ${args.out}.\n`);
      return;
    }
    const written = await writeDeployFolder(out, files);
    process.stdout.write(`${files.size} deploy files in ${args.out}: ${written.length} written\n`);
  } catch (error) {
    if (!(error instanceof DeployFolderError)) throw error;
    return refuse(error.problems, "", 1);
  }
  for (const note of describeRenderNotes(inputs.settings)) process.stdout.write(`${note}\n`);
  process.stdout.write(
    `next: docker build -f ${join(args.out, "Dockerfile")} -t ${inputs.settings.image} . && docker push ${inputs.settings.image}, then ${commandName()} deploy apply\n`,
  );
}

/** The progress line: rewritten in place on a terminal, one plain line per change elsewhere. */
export function progressWriter(stream: Pick<NodeJS.WriteStream, "isTTY" | "write"> = process.stderr) {
  const tty = stream.isTTY === true;
  let open = false;
  return {
    update(line: string) {
      if (tty) {
        stream.write(`\r\x1b[K${line}`);
        open = true;
      } else stream.write(`${line}\n`);
    },
    line(text: string) {
      if (open) stream.write("\n");
      open = false;
      stream.write(`${text}\n`);
    },
  };
}

/** What `deploy apply` prints for each step applyDeploy reports. */
export function reportApplyEvent(progress: ReturnType<typeof progressWriter>, name: string, event: ApplyEvent): void {
  if (event.type === "secret") progress.line(event.created ? `created Secret ${event.name}` : `Secret ${event.name} exists (kept as it is)`);
  else if (event.type === "applied") progress.line(`applied ${event.kind} ${event.name}`);
  else if (event.type === "verifying") progress.line(`checking the app through the cluster (${event.via})`);
  else if (event.type === "polling") progress.line(`cannot watch the rollout (${escapeTerminal(event.reason)}); polling it instead`);
  else {
    const { ready, wanted, done, problems } = event.state;
    // Pod messages and events are the cluster's text: printed escaped.
    progress.update(`rollout ${name}: ${ready}/${wanted} ready${done ? ", done" : ""}${problems.length ? ` (${escapeTerminal(problems[0]!)})` : ""}`);
    for (const p of problems.slice(1)) progress.line(`  ${escapeTerminal(p)}`);
  }
}

/** ENVIRONMENT_API_KEY from the environment `main` loaded (the .env / --env-file rule every command shares), or undefined. */
async function apiKeyOf(): Promise<string | undefined> {
  const { resolveEnvironmentApiKeys } = await import("../../server/auth.js");
  return resolveEnvironmentApiKeys()[0];
}

/** Runs a cluster command, turning a DeployClusterError into its message and exit code. */
async function withCluster(context: CommandContext, command: string, callTimeoutS: number, work: (cluster: import("../../deploy/cluster.js").Cluster) => Promise<number>): Promise<void> {
  const { connectCluster, DeployClusterError } = await import("../../deploy/cluster.js");
  const { DEFAULT_KUBE_LIMITS } = await import("../../deploy/kube-http.js");
  if (!(callTimeoutS > 0) || !Number.isFinite(callTimeoutS)) {
    process.stderr.write(`task-app deploy ${command}: --timeout must be a number of seconds above 0\n`);
    return context.setExitCode(2);
  }
  try {
    context.setExitCode(await work(await connectCluster(process.env, { callTimeoutMs: Math.min(DEFAULT_KUBE_LIMITS.callTimeoutMs, callTimeoutS * 1000) })));
  } catch (error) {
    if (!(error instanceof DeployClusterError)) throw error;
    process.stderr.write(`task-app deploy ${command}: ${escapeTerminal(error.message)}\n`);
    context.setExitCode(error.code);
  }
}

async function runApply(args: DeployArgs): Promise<void> {
  const context = contextOf(args);
  if (args.app !== undefined) {
    if (/\.(m?ts|m?js)$/.test(args.app)) args.module ??= args.app;
    else args.name ??= args.app;
  }
  const inputs = await loadSettingsOrReport(args, context, "apply");
  if (!inputs) return;
  const { settings, traceUrl } = inputs;
  if (args["dry-run"]) {
    const { renderKubeObjects, toYaml } = await import("../../deploy/render.js");
    const objects = await renderKubeObjects(settings);
    process.stdout.write(objects.map((o) => toYaml(o)).join("---\n"));
    return;
  }
  const apiKey = await apiKeyOf();
  const progress = progressWriter();
  await withCluster(context, "apply", args.timeout, async (cluster) => {
    const { applyDeploy } = await import("../../deploy/apply.js");
    const { formatCheckReport } = await import("../../check/index.js");
    progress.line(`applying ${settings.name} to namespace ${settings.namespace} (context ${cluster.context}, ${cluster.server})`);
    const result = await applyDeploy(cluster, {
      settings,
      apiKey,
      traceUrl,
      force: args.force,
      wait: args.wait,
      verify: args.verify,
      timeoutMs: args.timeout * 1000,
      onEvent: (event) => reportApplyEvent(progress, settings.name, event),
    });
    if (result.rollout) progress.line(`rollout ${settings.name}: ${result.rollout.ready}/${result.rollout.wanted} ready`);
    if (result.check) {
      process.stdout.write(formatCheckReport(result.check));
      if (!result.check.ok) {
        process.stderr.write("task-app deploy apply: the deployed app failed the checks above\n");
        return 1;
      }
    } else if (args.verify && args.wait && !apiKey) progress.line("not checked: no ENVIRONMENT_API_KEY here (set it or pass --env-file to run the check probes)");
    const { url, public: reachable } = result.taskUrl;
    process.stdout.write(`\nservices.task_url = "${url}"\n`);
    if (!reachable) process.stdout.write(`(reachable inside the cluster; give [deploy.ingress] a host for a trainer outside it)\n`);
    process.stdout.write(`next: ${commandName()} train --config configs/rl.toml --task-url ${url}\n`);
    return 0;
  });
}

async function runStatus(args: DeployArgs): Promise<void> {
  const context = contextOf(args);
  const inputs = await loadSettingsOrReport(args, context, "status");
  if (!inputs) return;
  const { settings } = inputs;
  await withCluster(context, "status", args.timeout, async (cluster) => {
    const { deployStatus } = await import("../../deploy/status.js");
    const status = await deployStatus(cluster, settings);
    if (args.json) {
      process.stdout.write(`${stringifyForTerminal(status, 2)}\n`);
      return 0;
    }
    const { rollout, autoscaler, taskUrl } = status;
    process.stdout.write(`${settings.name} in ${settings.namespace}: ${rollout.ready}/${rollout.wanted} ready${rollout.done ? "" : " (rolling out)"}\n`);
    if (autoscaler) process.stdout.write(`autoscaler: ${autoscaler.current ?? "?"} running, ${autoscaler.desired ?? "?"} wanted, between ${autoscaler.min ?? "?"} and ${autoscaler.max ?? "?"}\n`);
    for (const p of rollout.problems) process.stdout.write(`  ${escapeTerminal(p)}\n`);
    process.stdout.write(`services.task_url = "${taskUrl.url}"\n`);
    return 0;
  });
}

async function runDelete(args: DeployArgs): Promise<void> {
  const context = contextOf(args);
  const inputs = await loadSettingsOrReport(args, context, "delete");
  if (!inputs) return;
  const { settings } = inputs;
  await withCluster(context, "delete", args.timeout, async (cluster) => {
    const { deleteDeploy } = await import("../../deploy/apply.js");
    const { deleted, absent } = await deleteDeploy(cluster, settings);
    for (const d of deleted) process.stdout.write(`deleted ${d}\n`);
    for (const a of absent) process.stdout.write(`${a} was already gone\n`);
    process.stdout.write(`Secrets (${settings.apiKey.secret}${settings.trace !== "off" ? `, ${settings.trace.secret}` : ""}) are kept; delete them with kubectl if you mean to\n`);
    return 0;
  });
}

/**
 * A subcommand's handler: `kubernetes-models` and `@kubernetes/client-node` are optional peer
 * dependencies, and whichever step finds one missing (src/deploy/packages.ts) is handled here, for
 * every subcommand. On a terminal, deploy offers to add them (as dev dependencies, with the
 * project's package manager) and goes on once they are there; otherwise, or when the user says
 * no, it prints the one command that adds them and exits 1 (as `add` does for a missing ts-morph).
 */
function handlerOf(run: (args: DeployArgs) => Promise<void>): (argv: unknown) => Promise<void> {
  return async (argv) => {
    const args = argv as DeployArgs;
    try {
      await run(args);
    } catch (error) {
      const [{ DeployDependencyError, describeMissingPackages }, { planDeployInstall }] = await Promise.all([import("../../deploy/packages.js"), import("../../deploy/install-packages.js")]);
      if (!(error instanceof DeployDependencyError)) throw error;
      const plan = planDeployInstall(error.missing, process.cwd());
      const context = contextOf(args);
      const answer = process.stdin.isTTY && process.stderr.isTTY ? await askToInstall(error.missing, plan.display) : false;
      if (answer === "cancelled") {
        process.stderr.write("\ntask-app deploy: cancelled; nothing was installed\n");
        context.setExitCode(130);
        return;
      }
      if (!answer) {
        process.stderr.write(`${describeMissingPackages(error.missing, plan.display)}\n`);
        context.setExitCode(error.code);
        return;
      }
      const code = await runInTerminal(plan.argv, plan.cwd);
      if (code !== 0) {
        process.stderr.write(`task-app deploy: \`${plan.display}\` failed (exit ${code}); nothing was deployed\n`);
        context.setExitCode(1);
        return;
      }
      // The same command again, in a new process: this one remembers the packages as absent (Node
      // caches what a module lookup found), a new one finds them.
      context.setExitCode(await rerunCommand());
    }
  };
}

/** Runs this command line again in a new node process on this terminal; resolves with its exit code. */
async function rerunCommand(): Promise<number> {
  const { spawn } = await import("node:child_process");
  // `--` first: Node 20 would otherwise take an --env-file meant for task-app as its own.
  const argv = [...process.execArgv, "--", process.argv[1]!, ...process.argv.slice(2)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Asks on the terminal whether to add the missing packages; Enter means yes, Ctrl-C (or Ctrl-D) cancels. */
async function askToInstall(missing: readonly DeployPackage[], command: string): Promise<boolean | "cancelled"> {
  const [{ createInterface }, { describePackages }] = await Promise.all([import("node:readline/promises"), import("../../deploy/packages.js")]);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const closed = new AbortController();
  rl.once("close", () => closed.abort()); // Ctrl-D: no answer will come
  try {
    const answer = await rl.question(`task-app deploy needs ${describePackages(missing)} (dev dependencies: the image leaves them out). Add ${missing.length === 1 ? "it" : "them"} now with \`${command}\`? [Y/n] `, { signal: closed.signal });
    return /^\s*(y|yes)?\s*$/i.test(answer);
  } catch {
    return "cancelled"; // Ctrl-C rejects the question (an AbortError), as a closed input does
  } finally {
    rl.close();
  }
}

/** Runs a command on this terminal (its output shown as it comes); resolves with its exit code. */
async function runInTerminal([command, ...args]: readonly [string, ...string[]], cwd: string): Promise<number> {
  const { spawn } = await import("node:child_process");
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: "inherit", shell: process.platform === "win32" });
    child.on("error", () => resolve(127));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Options every subcommand takes: the config file and the flags that override it. */
function settingsOptions(y: Argv<object>): Argv<object> {
  return y
    .option("config", { type: "string", describe: "Deploy config (default: deploy.toml in this folder, if any)" })
    .option("name", { type: "string", describe: "Name of the Deployment, Service and the rest (a DNS-1123 label)" })
    .option("namespace", { type: "string", describe: "Kubernetes namespace" })
    .option("image", { type: "string", describe: "Image reference with a tag: registry/repo:tag" })
    .option("replicas", { type: "string", describe: "Pods: N, or MIN-MAX for the autoscaler" })
    .option("workers", { type: "number", describe: "Server processes per pod (default: the CPU limit in whole cores)" })
    .option("trace", { type: "string", describe: "Shared trace store: a postgres:// or libsql URL (kept in a Secret), secret:NAME[/KEY], or off" })
    .option("module", { type: "string", describe: "The app module (default src/app.ts)" })
    .option("port", { type: "number", describe: "Container port (default 8001)" });
}

/** status and delete: how long one answer of the cluster may take. */
const CLUSTER_TIMEOUT = { name: "timeout", option: { type: "number", default: 30, describe: "Seconds to wait for each answer of the cluster" } } as const;

/** The `deploy` command and its subcommands. */
export const deployCommand: CommandModule<object, DeployArgs> = {
  command: "deploy",
  describe: "Deploy the task app to Kubernetes: render the image recipe and objects, apply them, check the result",
  builder: (yargs: Argv<object>) =>
    yargs
      .command({
        command: "render",
        describe: "Write the deploy folder: Dockerfile, .dockerignore and a kustomize base (Deployment, Service, autoscaler, disruption budget, Ingress)",
        builder: (y: Argv<object>) =>
          settingsOptions(y)
            .option("out", { type: "string", default: "deploy", describe: "Folder to write (relative to the project: it is the Docker build context's child)" })
            .option("check", { type: "boolean", default: false, describe: "Write nothing; exit 1 naming every file that differs from a fresh render" }),
        handler: handlerOf(runRender),
      })
      .command({
        // `task-app deploy <app> --name …` (synth-ai's command line) is apply.
        command: ["apply [app]", "$0 [app]"],
        describe: "Create missing Secrets, apply the objects server-side, wait for the rollout, check the app through the cluster, print services.task_url",
        builder: (y: Argv<object>) =>
          settingsOptions(y)
            .positional("app", { type: "string", describe: "The app module (a .ts or .js file), or the app's id used as --name when none is given" })
            .option("dry-run", { type: "boolean", default: false, describe: "Print the objects as YAML; needs no cluster or kubeconfig" })
            .option("env-file", { ...ENV_FILE_OPTION, describe: `Env file with ENVIRONMENT_API_KEY (for the Secret and the check). ${ENV_FILE_OPTION.describe}` })
            .option("timeout", { type: "number", default: 300, describe: "Seconds to wait for the rollout (and at most for any one answer of the cluster: 30 s unless less)" })
            .option("force", { type: "boolean", default: false, describe: "Take over fields another field manager owns (server-side apply conflicts)" })
            .option("wait", { type: "boolean", default: true, describe: "Wait for the rollout (--no-wait returns once applied)" })
            .option("verify", { type: "boolean", default: true, describe: "Run the check probes through the cluster once rolled out" }),
        handler: handlerOf(runApply),
      })
      .command({
        command: "status",
        describe: "Ready pods, the autoscaler, pods in trouble and the task URL",
        builder: (y: Argv<object>) => settingsOptions(y).option("json", { type: "boolean", default: false, describe: "Print as JSON" }).option(CLUSTER_TIMEOUT.name, CLUSTER_TIMEOUT.option),
        handler: handlerOf(runStatus),
      })
      .command({
        command: "delete",
        describe: "Delete the Deployment, Service, autoscaler, budget and Ingress (Secrets are kept)",
        builder: (y: Argv<object>) => settingsOptions(y).option(CLUSTER_TIMEOUT.name, CLUSTER_TIMEOUT.option),
        handler: handlerOf(runDelete),
      })
      .example("$0 deploy render", "deploy/ from deploy.toml")
      .example("$0 deploy render --name my-task-app --image ghcr.io/you/my-task-app:0.1.0 --trace off", "without a deploy.toml")
      .epilog(
        "Flow: deploy render → docker build -f deploy/Dockerfile -t IMAGE . → docker push IMAGE → deploy apply (waits for the rollout, runs the check probes, prints services.task_url).\n" +
          "Needs two packages task-app does not install for you: npm install --save-dev kubernetes-models@4 @kubernetes/client-node@1",
      ) as unknown as Argv<DeployArgs>,
  handler: () => {},
};
