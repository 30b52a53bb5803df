/**
 * Node 20 reads `--env-file` anywhere on its own command line and exits 9
 * ("node: .envv: not found") before task-app runs. The `task-app` bin (a
 * JavaScript file whose shebang ends node's options with `--`, linked as npm
 * links it) leaves the flag to task-app, which answers with its own message
 * and exit 2, and still loads the file.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";

const bin = resolve("bin/task-app.js");
const dir = mkdtempSync(join(tmpdir(), "task-app-envflag-"));
after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
const linked = join(dir, "node_modules", ".bin", "task-app");
symlinkSync(bin, linked);

const run = (args: string[]) =>
  spawnSync(linked, args, { cwd: dir, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" }, timeout: 60_000 });

test("a missing --env-file gets task-app's message naming the file and the flag, exit 2", { skip: !existsSync("dist/cli/main.js") && "not built" }, () => {
  for (const args of [["check", "http://127.0.0.1:9", "--env-file", ".envv"], ["serve", "src/app.ts", "--env-file=.envv"]]) {
    const r = run(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, /^task-app: cannot read env file \.envv \(--env-file\): no such file/);
    assert.doesNotMatch(r.stderr, /^node:/m);
  }
});

test("an existing --env-file is read by task-app (the key reaches check)", { skip: !existsSync("dist/cli/main.js") && "not built" }, () => {
  writeFileSync(join(dir, "keys.env"), "ENVIRONMENT_API_KEY=sk-env-file-0000\n");
  const without = run(["check", "http://127.0.0.1:9"]);
  assert.equal(without.status, 2);
  assert.match(without.stderr, /no API key/);
  const withFile = run(["check", "http://127.0.0.1:9", "--env-file", "keys.env"]);
  assert.doesNotMatch(withFile.stderr, /no API key/);
  assert.equal(withFile.status, 1, withFile.stderr);
});

test("the bin is a JavaScript file with a node shebang npm's Windows shim can read (no POSIX shell needed)", async () => {
  const { readFileSync } = await import("node:fs");
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { bin: Record<string, string> };
  for (const [name, file] of Object.entries(pkg.bin)) {
    const first = readFileSync(file, "utf8").split("\n", 1)[0]!;
    assert.match(file, /\.js$/, name);
    // cmd-shim's reading of a shebang: `/usr/bin/env [-S] <prog> <args>`; its program must be node.
    const shebang = /^#!\s*(?:\/usr\/bin\/env\s+(?:-S\s+)?((?:[^ \t=]+=[^ \t=]+\s+)*))?([^ \t]+)(.*)$/.exec(first);
    assert.equal(shebang?.[2], "node", `${name}: ${first}`);
  }
});
