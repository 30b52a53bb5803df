/**
 * editors/vscode: packaged to a .vsix offline by scripts/package-vscode.mjs
 * (the extension and its language client in one bundle), and the part that
 * finds the project's task-app and the files to check.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const { findTaskApp, filePatterns } = require("../editors/vscode/src/server-path.js") as {
  findTaskApp(folder: string): string | undefined;
  filePatterns(bin: string, extra?: string[]): string[];
};

/** The entries of a zip file and one entry's text, read by Python's zipfile (a second implementation). */
function readZip(path: string, entry: string): { names: string[]; text: string } {
  const script = "import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({'names':z.namelist(),'text':z.read(sys.argv[2]).decode()}))";
  const run = spawnSync("python3", ["-c", script, path, entry], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { names: string[]; text: string };
}

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "task-app-vscode-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("VS Code extension", () => {
  test("packages to a .vsix offline, with the language client bundled", () => {
    const vsix = join(dir, "task-app.vsix");
    const run = spawnSync(process.execPath, ["scripts/package-vscode.mjs", vsix], { cwd: root, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr + run.stdout);
    const { names, text } = readZip(vsix, "extension/package.json");
    assert.ok(names.includes("extension/dist/extension.js"), names.join(","));
    assert.ok(names.includes("extension.vsixmanifest"));
    assert.ok(!names.some((n) => n.includes("node_modules") || n.includes("/src/")), "no sources or node_modules");
    const manifest = JSON.parse(text) as { main: string; engines: { vscode: string }; contributes: { configuration: { properties: Record<string, unknown> } } };
    assert.equal(manifest.main, "./dist/extension.js");
    assert.ok("task-app.rules" in manifest.contributes.configuration.properties);
    const bundle = readZip(vsix, "extension/dist/extension.js").text;
    assert.match(bundle, /"lsp","--stdio"/);
    assert.doesNotMatch(bundle, /require\("vscode-languageclient/, "the client is bundled, not required");
    assert.match(bundle, /require\("vscode"\)/);
  });

  test("finds node_modules/task-app above a workspace folder, and the catalog's file patterns", () => {
    const project = join(dir, "project");
    const bin = join(project, "node_modules", "task-app", "bin", "task-app.js");
    mkdirSync(join(project, "node_modules", "task-app", "bin"), { recursive: true });
    mkdirSync(join(project, "node_modules", "task-app", "schemas"), { recursive: true });
    mkdirSync(join(project, "apps", "crafter"), { recursive: true });
    writeFileSync(bin, "");
    copyFileSync(join(root, "schemas", "catalog.json"), join(project, "node_modules", "task-app", "schemas", "catalog.json"));
    assert.equal(findTaskApp(join(project, "apps", "crafter")), bin);
    assert.equal(findTaskApp(dir), undefined);
    const patterns = filePatterns(bin, ["**/training/*.toml"]);
    for (const p of ["**/rl.toml", "**/sft_*.toml", "**/*.rubric.json", "**/task-app.toml", "**/configs/**/*.toml", "**/training/*.toml"]) assert.ok(patterns.includes(p), `${p} in ${patterns.join(",")}`);
  });
});
