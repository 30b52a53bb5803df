/**
 * `task-app deploy` as a library: settings from deploy.toml and flags, the
 * image recipe and Kubernetes objects they render to, and the apply,
 * status and delete calls against a cluster.
 */
export { cpuCores, resolveDeploySettings, DeploySettingsError, type DeployInputs, type DeployOverrides, type DeploySettings } from "./settings.js";
export { loadDeployInputs, DEPLOY_FILE, type LoadDeployOptions } from "./load.js";
export { renderDockerfile, renderDockerignore, renderBuildTsconfig, serveCommand, servedModule, PROBE_PATH, APP_UID, NODE_IMAGE } from "./dockerfile.js";
export { loadKubernetesModels, loadClientNode, findMissingDeployPackages, describeMissingPackages, DeployDependencyError, DEPLOY_PACKAGES, type DeployPackage, type KubernetesModels } from "./packages.js";
export { buildKubeObjects, appLabels, FIELD_MANAGER, SERVICE_PORT, type KubeObject } from "./kubernetes.js";
export { findUnknownFields, findUnknownObjectFields, modelNameOf } from "./fields.js";
export { renderDeployFolder, renderKubeObjects, validateKubeObjects, describeRenderNotes, toYaml, DeployRenderError, PLACEHOLDER_IMAGE, type RenderOptions } from "./render.js";
export { listNeededSecrets, createSecretCommand, type NeededSecret } from "./secrets.js";
export { readProjectFacts, APP_FOLDERS, type ProjectFacts } from "./project.js";
export { checkDeployTargets, writeDeployFolder, DeployFolderError } from "./write.js";
export { connectCluster, describeClusterError, DeployClusterError, statusOf, type Cluster } from "./cluster.js";
export { applyDeploy, deleteDeploy, type ApplyEvent, type ApplyOptions, type ApplyResult } from "./apply.js";
export { deployStatus, taskUrlOf, selectorOf } from "./status.js";
export { pollRollout, readRollout, type RolloutState, type WaitOptions } from "./rollout.js";
export { waitForRollout } from "./rollout-watch.js";
export { openServiceProxy, type ServiceProxy } from "./service-proxy.js";
