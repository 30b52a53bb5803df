/**
 * Where things are in the repository, for tests: the task-app package
 * (packages/task-app), the repository around it (README.md, docs/), and the
 * folder npm installed the package's dependencies into (hoisted to the
 * workspace root: not under the package).
 */
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

export const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const REPO_ROOT = resolve(PACKAGE_ROOT, "../..");
/** The node_modules folder that holds the package's dependencies (typescript, @types, ...). */
export const NODE_MODULES = dirname(dirname(require.resolve("typescript/package.json")));
