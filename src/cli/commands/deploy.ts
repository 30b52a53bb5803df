/**
 * `task-app deploy render | apply | status | delete`: puts a task app on
 * Kubernetes from deploy.toml (and flags). `render` writes the deploy folder
 * (Dockerfile, .dockerignore, kustomize base); `apply` applies the objects to
 * the current kubeconfig context, waits for the rollout and checks the app.
 * Exit codes: 0 done, 1 the config, the cluster or the app failed, 2 usage.
 */
import { relative, resolve, join, sep } from "node:path";
import type { Argv, CommandModule } from "yargs";
import { contextOf, type CommandContext } from "../context.js";

export interface DeployArgs {
  config?: string;
  name?: string;
  namespace?: string;
  image?: string;
  replicas?: string;
  workers?: number;
  trace?: string;
  module?: string;
  port?: number;
  out: string;
  check: boolean;
  "dry-run": boolean;
  "env-file": string[];
  timeout: number;
  wait: boolean;
  verify: boolean;
  json: boolean;
}

/** Loads the settings; a bad file or flag is reported and gives undefined (exit code set). */
export async function loadSettingsOrReport(args: DeployArgs, context: CommandContext, command: string) {
  const { loadDeployInputs, DeploySettingsError } = await import("../../deploy/index.js");
  const { ConfigError } = await import("../../config/load.js");
  const { formatFinding } = await import("../../config/findings.js");
  try {
    return await loadDeployInputs({
      ...(args.config ? { config: args.config } : {}),
      flags: { name: args.name, namespace: args.namespace, image: args.image, replicas: args.replicas, workers: args.workers, trace: args.trace, module: args.module, port: args.port },
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
  const { renderDeployFolder, DeployRenderError } = await import("../../deploy/index.js");
  const out = resolve(args.out);
  const dir = relative(process.cwd(), out).split(sep).join("/") || ".";
  let files: Map<string, string>;
  try {
    files = await renderDeployFolder(inputs.settings, { dir });
  } catch (error) {
    if (!(error instanceof DeployRenderError)) throw error;
    for (const problem of error.problems) process.stderr.write(`task-app deploy render: ${problem}\n`);
    process.stderr.write("task-app deploy render: Kubernetes would refuse these objects; nothing was written\n");
    context.setExitCode(1);
    return;
  }
  const { findDrift, writeFileAtomic } = await import("./generate.js");
  const drift = await findDrift(out, files);
  if (args.check) {
    for (const path of drift.changed) process.stderr.write(`drifted: ${join(args.out, path)}\n`);
    if (drift.changed.length) {
      process.stderr.write(`${drift.changed.length} deploy file(s) out of date; run \`task-app deploy render --out ${args.out}\`.\n`);
      context.setExitCode(1);
    } else process.stdout.write(`${files.size} deploy files up to date in ${args.out}.\n`);
    return;
  }
  for (const path of drift.changed) await writeFileAtomic(join(out, path), files.get(path)!);
  process.stdout.write(`${files.size} deploy files in ${args.out}: ${drift.changed.length} written\n`);
  process.stdout.write(
    `next: docker build -f ${join(args.out, "Dockerfile")} -t ${inputs.settings.image} . && docker push ${inputs.settings.image}, then task-app deploy apply\n`,
  );
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
        handler: (a) => runRender(a as unknown as DeployArgs),
      })
      .demandCommand(1, "Name a subcommand: render, apply, status or delete.")
      .example("$0 deploy render", "deploy/ from deploy.toml")
      .example("$0 deploy render --name my-task-app --image ghcr.io/you/my-task-app:0.1.0 --trace off", "without a deploy.toml")
      .epilog(
        "Flow: deploy render → docker build -f deploy/Dockerfile -t IMAGE . → docker push IMAGE → deploy apply (waits for the rollout, runs the check probes, prints services.task_url).",
      ) as unknown as Argv<DeployArgs>,
  handler: () => {},
};
