/**
 * Installing the deploy packages into a project that lacks them: the
 * project's folder (the nearest package.json at or above the working
 * directory), the package manager its lockfile names (else the one running
 * task-app, else npm), and the one command that adds both packages as dev
 * dependencies (they never reach the image: its install omits dev
 * dependencies). `task-app deploy` runs it when a user on a terminal says
 * yes, and prints it otherwise.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { detectPackageManager, type PackageManager } from "../scaffold/package-manager.js";
import { DEPLOY_PACKAGES, type DeployPackage } from "./packages.js";

export interface DeployInstallPlan {
  /** Where to run it: the project's folder. */
  cwd: string;
  pm: PackageManager;
  /** The command and its arguments. */
  argv: [string, ...string[]];
  /** The command as a user types it. */
  display: string;
}

const LOCKFILES: readonly [string, PackageManager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["package-lock.json", "npm"],
];

/** The nearest folder at or above `from` with a package.json (else `from`). */
export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}

/** The command that adds `missing` to the project at or above `cwd` as dev dependencies, at the majors task-app accepts. */
export function planDeployInstall(missing: readonly DeployPackage[], cwd: string, userAgent = process.env.npm_config_user_agent): DeployInstallPlan {
  const root = findProjectRoot(cwd);
  const pm = LOCKFILES.find(([file]) => existsSync(path.join(root, file)))?.[1] ?? detectPackageManager(userAgent);
  const specs = DEPLOY_PACKAGES.filter((p) => missing.includes(p.name)).map((p) => `${p.name}@${p.major}`);
  const argv: [string, ...string[]] = pm === "npm" ? ["npm", "install", "--save-dev", ...specs] : [pm, "add", "-D", ...specs];
  return { cwd: root, pm, argv, display: argv.join(" ") };
}
