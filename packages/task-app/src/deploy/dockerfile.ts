/**
 * The container image recipe: a Dockerfile (two stages: the build stage
 * installs everything from the lockfile and compiles a TypeScript app to
 * JavaScript; the runtime stage installs only production dependencies and
 * runs `task-app serve` as a non-root user), its `.dockerignore`, and the
 * tsconfig the build stage compiles with. Pure: each returns file contents.
 */
import { posix } from "node:path";
import { DeploySettingsError, type DeploySettings } from "./settings.js";

/** The base image of both stages: a Node line with support left (task-app itself runs on 20.19 and later). */
export const NODE_IMAGE = "node:22-bookworm-slim";
/** The uid:gid the app runs as: the `node` user of the official images, numeric so Kubernetes can check runAsNonRoot. */
export const APP_UID = 1000;
/** Where the build stage puts the compiled app. */
export const BUILD_DIR = "build";
/** The port of the in-flight gauge (`serve --metrics-port`), Prometheus' conventional exporter port. */
export const METRICS_PORT = 9464;
/** The path that answers without a key (`GET /` → `{"status":"ok"}`): probes and HEALTHCHECK use it. */
export const PROBE_PATH = "/";

/** A deploy folder path render can paste into the Dockerfile and .dockerignore: a subfolder of the project, plain characters only. */
const DEPLOY_DIR = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

/**
 * Throws DeploySettingsError unless `dir` (the deploy folder relative to the
 * project, the Docker build context) is a subfolder of the project named
 * with letters, digits, ".", "_", "-" and "/": the Dockerfile's RUN line
 * holds it, where `$(…)` or a space would run or split at build time, and a
 * folder outside the project is outside the build context.
 */
export function checkDeployDir(dir: string): void {
  if (!DEPLOY_DIR.test(dir) || dir.split("/").some((part) => part === "." || part === ".."))
    throw new DeploySettingsError(
      `--out ${JSON.stringify(dir)}: the deploy folder must be a subfolder of the project (the Docker build context) named with letters, digits, ".", "_", "-" and "/" only, such as deploy`,
    );
}

const HEADER = "# Rendered by `task-app deploy render` from deploy.toml; edit that file and render again.\n";

/** True when the app module is TypeScript and the image must compile it. */
export const needsCompile = (settings: Pick<DeploySettings, "module">) => /\.m?ts$/.test(settings.module);

/** The module `serve` runs inside the image: the compiled `.js` of a TypeScript module. */
export function servedModule(settings: Pick<DeploySettings, "module">): string {
  const module = posix.normalize(settings.module).replace(/^\.\//, "");
  if (!needsCompile(settings)) return module;
  const [root, ...rest] = module.split("/");
  const inside = rest.length ? rest.join("/") : root!;
  return posix.join(BUILD_DIR, inside.replace(/\.ts$/, ".js").replace(/\.mts$/, ".mjs"));
}

/** The folder a TypeScript module is compiled from (its first path segment). */
function sourceRoot(settings: Pick<DeploySettings, "module">): string {
  const parts = posix.normalize(settings.module).replace(/^\.\//, "").split("/");
  return parts.length > 1 ? parts[0]! : ".";
}

/** The image's command line: `task-app serve` on all interfaces, the in-flight gauge on METRICS_PORT; the trace store comes from TASKAPP_TRACE_DB. */
export function serveCommand(settings: Pick<DeploySettings, "module" | "port" | "workers">): string[] {
  return [
    "node",
    "node_modules/task-app/bin/task-app.js",
    "serve",
    servedModule(settings),
    "--host",
    "0.0.0.0",
    "--port",
    String(settings.port),
    "--workers",
    String(settings.workers),
    "--metrics-port",
    String(METRICS_PORT),
  ];
}

/** deploy/tsconfig.build.json: the project's tsconfig, emitting the app's sources into build/. */
export function renderBuildTsconfig(settings: Pick<DeploySettings, "module">, dir = "deploy"): string {
  const root = sourceRoot(settings);
  const up = posix.normalize(dir).split("/").map(() => "..").join("/");
  const config = {
    extends: `${up}/tsconfig.json`,
    compilerOptions: { noEmit: false, rootDir: posix.join(up, root), outDir: posix.join(up, BUILD_DIR), declaration: false, sourceMap: false },
    include: [posix.join(up, root)],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** What of the project the image holds besides package.json, the lockfile and the build (./project.ts). */
export interface ImageContents {
  /** Project folders the app reads at run time (configs/, data/, rubrics/), copied when present. */
  folders: readonly string[];
}

/** The COPY lines of the app's sources: its folder, or the module alone when it sits at the project's top. */
function copySources(settings: Pick<DeploySettings, "module">): string {
  const root = sourceRoot(settings);
  const module = posix.normalize(settings.module).replace(/^\.\//, "");
  return root === "." ? `COPY ${module} ./` : `COPY ${root} ./${root}`;
}

/**
 * The Dockerfile. Each stage copies only what it needs, by name (never
 * `COPY . .`), so a `.env` or a trace store cannot reach the image even
 * under a builder that ignores the .dockerignore.
 */
export function renderDockerfile(settings: DeploySettings, dir = "deploy", contents: ImageContents = { folders: [] }): string {
  const compile = needsCompile(settings);
  const deployDir = posix.normalize(dir);
  // node:http, not fetch: fetch refuses some ports outright (6000, 6665-6669, …) and the check would never pass there.
  const healthcheck = `require('node:http').get('http://127.0.0.1:${settings.port}${PROBE_PATH}', (r) => process.exit(r.statusCode >= 200 && r.statusCode < 300 ? 0 : 1)).on('error', () => process.exit(1))`;
  const lines = [
    "# syntax=docker/dockerfile:1",
    HEADER.trimEnd(),
    "",
    "# Build stage: every dependency from the lockfile, the app compiled to JavaScript.",
    `FROM ${NODE_IMAGE} AS build`,
    "WORKDIR /app",
    "COPY package.json package-lock.json ./",
    "RUN npm ci --no-audit --no-fund",
    ...(compile
      ? ["COPY tsconfig.json ./", `COPY ${deployDir}/tsconfig.build.json ./${deployDir}/`, copySources(settings), `RUN npx tsc -p ${posix.join(deployDir, "tsconfig.build.json")}`]
      : [`RUN mkdir -p ${BUILD_DIR}`]),
    "",
    "# Runtime stage: production dependencies only, read-only at run time, not root.",
    `FROM ${NODE_IMAGE}`,
    "ENV NODE_ENV=production",
    "WORKDIR /app",
    "COPY package.json package-lock.json ./",
    "# devDependencies are dropped first: the deploy packages (kubernetes-models, @kubernetes/client-node) are",
    "# optional peers of task-app, which npm ci --omit=dev installs when the lockfile holds them.",
    "RUN npm pkg delete devDependencies && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf /root/.npm",
    ...(compile ? [] : [copySources(settings)]),
    ...contents.folders.map((folder) => `COPY ${folder} ./${folder}`),
    `COPY --from=build /app/${BUILD_DIR} ./${BUILD_DIR}`,
    `USER ${APP_UID}:${APP_UID}`,
    `EXPOSE ${settings.port} ${METRICS_PORT}`,
    "# GET / answers without a key: the liveness of the process, not of its dependencies.",
    `HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["node", "-e", ${JSON.stringify(healthcheck)}]`,
    "# ENVIRONMENT_API_KEY and TASKAPP_TRACE_DB (the shared trace store) come from the environment.",
    `CMD ${JSON.stringify(serveCommand(settings))}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** The .dockerignore: secrets, traces, eval runs and local builds stay out of the image. */
export function renderDockerignore(dir = "deploy"): string {
  const lines = [
    HEADER.trimEnd(),
    "# Secrets: the pod reads them from Kubernetes Secrets.",
    ".env",
    ".env.*",
    "**/.env",
    "# Trace stores and eval runs.",
    "traces",
    "runs",
    "**/*.db",
    "**/*.db-journal",
    "**/*.db-wal",
    "**/*.db-shm",
    "# Installed and built in the image itself.",
    "node_modules",
    BUILD_DIR,
    "dist",
    "# Not needed at run time.",
    ".git",
    `${posix.normalize(dir)}/base`,
    `${posix.normalize(dir)}/overlays`,
    "*.log",
    "*.tgz",
  ];
  return `${lines.join("\n")}\n`;
}
