/**
 * The bundled CLI (`bin/task-app.js` loads dist/cli/main.bundle.js, built by
 * scripts/bundle-cli.mjs) says what tsc's dist/cli/main.js says, byte for
 * byte and with the same exit code: help laid out the same (the bundle
 * measures text with a patched string-width), yargs' translations found
 * beside the bundle, usage errors with their suggestions, and a command that
 * runs its library from dist/. A few calls, each the kind of thing the bundle
 * could get wrong; the CLI's own tests check the words.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, test } from "node:test";

const root = fileURLToPath(new URL("..", import.meta.url));
const built = existsSync(join(root, "dist", "cli", "main.bundle.js"));
const work = mkdtempSync(join(tmpdir(), "cli-bundle-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** dist/cli/main.js given argv as bin/task-app.js gives it. */
const unbundled = `import(${JSON.stringify(new URL("../dist/cli/main.js", import.meta.url).href)}).then(async (m) => { process.exitCode = await m.main(process.argv.slice(1)); })`;

async function run(args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { encoding: "utf8", cwd: work, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const plain = { ...process.env, NO_COLOR: "1", LANG: "C.UTF-8", LC_ALL: "", LC_MESSAGES: "", LANGUAGE: "" };
const calls: Array<[string[], NodeJS.ProcessEnv]> = [
  [["--version"], plain],
  [["--help"], plain],
  [["deploy", "render", "--help"], plain],
  // German: yargs' translations (read from dist/cli/yargs-locales), with non-ASCII text to measure.
  [["traces", "ls", "--help"], { ...plain, LANG: "de_DE.UTF-8" }],
  [["serve"], { ...plain, LANG: "de_DE.UTF-8" }],
  [["frobnicate"], plain],
  [["traces", "ls", "--limt", "3"], plain],
  [["payload", "rl", join(root, "test", "fixtures", "payload", "rl-model.toml"), "--task-url", "https://t.example"], plain],
];

test("the bundled CLI answers as dist/cli/main.js does", { skip: !built && "not built (npm test builds first)" }, async () => {
  for (const [argv, env] of calls) {
    const [bundled, reference] = await Promise.all([run([join(root, "bin", "task-app.js"), ...argv], env), run(["--input-type=module", "-e", unbundled, "--", ...argv], env)]);
    assert.ok(reference.stdout || reference.stderr, `${argv.join(" ")} printed something`);
    assert.deepEqual(bundled, reference, `task-app ${argv.join(" ")} (LANG=${env.LANG})`);
  }
});
