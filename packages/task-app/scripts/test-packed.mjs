// The packages as npm would publish them, packed once for every suite that installs task-app as a
// user would (e2e-templates from a loopback registry, deploy-image and deploy-multihost from the
// tarball): `npm pack --ignore-scripts` of task-app and create-task-app (`npm test` built first;
// prepack building it is test/pack.test.ts's subject). The runner (scripts/test.mjs) packs them
// into its scratch folder while the mirror compiles, when a suite it runs imports
// test/helpers/packed.ts, and names the folder in TASK_APP_TEST_PACKED; a suite run on its own
// packs them itself, once per process.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKED_ENV = "TASK_APP_TEST_PACKED";
/** What a suite that needs the packages imports (the runner looks for it in the suite's text). */
const PACKED_HELPER = "helpers/packed.js";

const packageRoot = fileURLToPath(new URL("..", import.meta.url));
/** Each package's folder, by name. */
const PACKAGE_DIRS = { "task-app": packageRoot, "create-task-app": join(packageRoot, "..", "create-task-app") };

/**
 * Packs both packages into `dest` (made if missing) and writes `dest/index.json`; resolves with
 * what it holds: each package's tarball path and the files it ships. Rejects with npm's output when
 * a pack fails.
 */
export async function packPackages(dest, env = process.env) {
  mkdirSync(dest, { recursive: true });
  const { NODE_OPTIONS: _options, NODE_TEST_CONTEXT: _context, ...clean } = env;
  const npmEnv = { ...clean, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
  const entries = await Promise.all(
    Object.entries(PACKAGE_DIRS).map(async ([name, dir]) => {
      const stdout = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", dest, "--json"], dir, npmEnv);
      const [info] = JSON.parse(stdout);
      return [name, { tarball: join(dest, info.filename), files: info.files.map((f) => f.path) }];
    }),
  );
  const packed = Object.fromEntries(entries);
  writeFileSync(join(dest, "index.json"), JSON.stringify(packed));
  return packed;
}

/** What {@link packPackages} wrote into `dir`. */
export function readPacked(dir) {
  return JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
}

/** Whether the suite at `file` (its text) asks for the packages. */
export function needsPacked(file) {
  try {
    return readFileSync(file, "utf8").includes(PACKED_HELPER);
  } catch {
    return false;
  }
}

function run(command, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(" ")} in ${cwd} exited ${code}:\n${stdout}${stderr}`))));
  });
}
