/** Which package manager runs the scaffold, and the commands to give it. */

/** The package managers a scaffolded project's instructions and install step support. */
export type PackageManager = "npm" | "pnpm" | "yarn";

/** Reads `npm_config_user_agent` (`pnpm/9.1.0 npm/? node/v20…`); anything unknown is npm. */
export function detectPackageManager(userAgent: string | undefined = process.env.npm_config_user_agent): PackageManager {
  const tool = userAgent?.split(" ")[0]?.split("/")[0];
  return tool === "pnpm" || tool === "yarn" ? tool : "npm";
}

/** Arguments of the install command. */
export function installArgs(pm: PackageManager): string[] {
  return pm === "npm" ? ["install", "--no-audit", "--no-fund"] : ["install"];
}

/** How a user runs a package script with `pm`: `npm run serve`, `pnpm serve`, `yarn serve`. */
export function runScript(pm: PackageManager, script: string): string {
  if (pm === "npm") return script === "test" ? "npm test" : `npm run ${script}`;
  return `${pm} ${script}`;
}

/** How a user adds a dependency with `pm`: `npm install <spec>`, `pnpm add <spec>`, `yarn add <spec>`. */
export function addDependency(pm: PackageManager, spec: string): string {
  return `${pm} ${pm === "npm" ? "install" : "add"} ${spec}`;
}
