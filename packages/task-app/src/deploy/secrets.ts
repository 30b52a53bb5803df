/**
 * The Secrets a rendered Deployment reads (its secretKeyRefs), which the
 * kustomize base never holds: `deploy apply` creates the key's Secret when
 * it is missing, but `kubectl apply -k` of the base creates none, and a pod
 * whose Secret is missing stays in CreateContainerConfigError. render writes
 * base/secrets.example.yaml (commented out, not a resource of the base,
 * every value empty) and prints the kubectl commands that create them from
 * the environment, so no value is typed on a command line or written.
 */
import type { Secret } from "kubernetes-models/v1/Secret";
import { appLabels } from "./kubernetes.js";
import { loadKubernetesModels } from "./packages.js";
import type { DeploySettings } from "./settings.js";

/** One Secret the pods read: its name and, per key, the environment variable the pod sees it as. */
export interface NeededSecret {
  name: string;
  keys: { key: string; env: string }[];
}

/** The Secrets of `settings`' secretKeyRefs, in the order the pod's env lists them. */
export function listNeededSecrets(settings: Pick<DeploySettings, "apiKey" | "trace" | "env">): NeededSecret[] {
  const refs = [["ENVIRONMENT_API_KEY", settings.apiKey] as const, ...(settings.trace !== "off" ? [["TASKAPP_TRACE_DB", settings.trace] as const] : []), ...settings.env];
  const byName = new Map<string, NeededSecret>();
  for (const [env, { secret, key }] of refs) {
    const entry = byName.get(secret) ?? { name: secret, keys: [] };
    if (!entry.keys.some((k) => k.key === key)) entry.keys.push({ key, env });
    byName.set(secret, entry);
  }
  return [...byName.values()];
}

/** The command that creates `secret` in `namespace` from the variables of the shell it runs in (values never typed). */
export function createSecretCommand(namespace: string, secret: NeededSecret): string {
  return `kubectl -n ${namespace} create secret generic ${secret.name} ${secret.keys.map(({ key, env }) => `--from-literal=${key}="$${env}"`).join(" ")}`;
}

/** The example Secrets, validated by kubernetes-models, each key's value empty. */
export async function buildExampleSecrets(settings: DeploySettings): Promise<Secret[]> {
  const m = await loadKubernetesModels();
  return listNeededSecrets(settings).map(
    (secret) =>
      new m.Secret({
        metadata: { name: secret.name, namespace: settings.namespace, labels: appLabels(settings) },
        type: "Opaque",
        stringData: Object.fromEntries(secret.keys.map(({ key }) => [key, ""])),
      }),
  );
}

/** base/secrets.example.yaml: the commands, then each Secret as YAML, every line commented out. */
export function renderSecretsExample(settings: DeploySettings, secrets: readonly Secret[], toYaml: (value: unknown) => string): string {
  const needed = listNeededSecrets(settings);
  const lines = [
    "# Rendered by `task-app deploy render` from deploy.toml; edit that file and render again.",
    "# Not a resource of this base (kustomization.yaml does not list it): the Secrets the pods read,",
    "# which `kubectl apply -k` does not create. Without them a pod stays in CreateContainerConfigError.",
    `# \`task-app deploy apply\` creates ${settings.apiKey.secret} itself when it is missing. With kubectl, create them first,`,
    "# each value from the variable of the same name in your shell:",
    ...needed.map((s) => `#   ${createSecretCommand(settings.namespace, s)}`),
    "# or apply a copy of an object below with its values filled in (never commit that copy).",
    ...secrets.flatMap((secret) => ["#", "# ---", ...toYaml(secret.toJSON()).trimEnd().split("\n").map((line) => `# ${line}`)]),
  ];
  return `${lines.join("\n")}\n`;
}
