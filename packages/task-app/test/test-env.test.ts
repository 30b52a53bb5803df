/**
 * `npm test` runs its test processes without NODE_EXTRA_CA_CERTS (each node process reads it at
 * start), and npm keeps the certificates it trusted (scripts/test-env.mjs): the plan for each case
 * of the caller's environment and npm's settings, and, against a real HTTPS registry on loopback
 * whose authority only the extra file holds, npm reaching it with the variable (before), with the
 * file it is given instead (after), and failing with neither (so the check can fail).
 */
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { rootCertificates } from "node:tls";
import { findNpmProjectDir, planTestEnvironment, readNpmCa, renderNpmCafile } from "../scripts/test-env.mjs";
import { packageRoot } from "../src/scaffold/paths.js";

const work = await mkdtemp(join(tmpdir(), "test-env-"));
after(() => rm(work, { recursive: true, force: true }));
const CAFILE = "/scratch/npm-ca.pem";

test("without NODE_EXTRA_CA_CERTS, or when npm cannot say what it trusts, the environment is the caller's", () => {
  const env = { PATH: "/bin", HOME: "/root" };
  assert.deepEqual(planTestEnvironment(env, {}, CAFILE), { env, cafile: undefined });
  const withExtra = { ...env, NODE_EXTRA_CA_CERTS: "/etc/extra.pem" };
  assert.equal(planTestEnvironment(withExtra, undefined, CAFILE).env, withExtra);
  assert.equal(planTestEnvironment(withExtra, undefined, CAFILE).cafile, undefined);
});

test("NODE_EXTRA_CA_CERTS is left out; npm with certificates of its own is left as it is", () => {
  const env = { PATH: "/bin", NODE_EXTRA_CA_CERTS: "/etc/extra.pem", TASK_APP_TEST_TIMEOUT_MS: "5" };
  for (const npmCa of [{ cafile: "/etc/ssl/certs/ca-certificates.crt" }, { ca: "-----BEGIN CERTIFICATE-----" }]) {
    assert.deepEqual(planTestEnvironment(env, npmCa, CAFILE), { env: { PATH: "/bin", TASK_APP_TEST_TIMEOUT_MS: "5" }, cafile: undefined });
  }
});

test("npm with no certificates of its own is given a file of what Node trusted with the variable", () => {
  const env = { PATH: "/bin", NODE_EXTRA_CA_CERTS: "/etc/extra.pem" };
  assert.deepEqual(planTestEnvironment(env, {}, CAFILE), {
    env: { PATH: "/bin", npm_config_cafile: CAFILE },
    cafile: { path: CAFILE, from: "/etc/extra.pem" },
  });
});

test("the file holds Node's bundled roots and then the extra file's; an unreadable extra file adds nothing", async () => {
  const extra = join(work, "extra.pem");
  await writeFile(extra, "-----BEGIN CERTIFICATE-----\nextra\n-----END CERTIFICATE-----\n");
  const text = renderNpmCafile(extra);
  for (const root of rootCertificates) assert.ok(text.includes(root));
  assert.ok(text.endsWith("-----BEGIN CERTIFICATE-----\nextra\n-----END CERTIFICATE-----\n"));
  assert.equal(renderNpmCafile(join(work, "missing.pem")), `${rootCertificates.join("\n")}\n`);
});

test("npm's settings are read at the top of a workspace project: npm config refuses a workspace's own folder, as this package's is", async () => {
  const top = join(work, "workspace");
  await mkdir(join(top, "packages", "member", "src"), { recursive: true });
  await writeFile(join(top, "package.json"), JSON.stringify({ name: "top", private: true, workspaces: ["packages/member"] }));
  await writeFile(join(top, "packages", "member", "package.json"), JSON.stringify({ name: "member", version: "1.0.0" }));
  assert.equal(findNpmProjectDir(join(top, "packages", "member")), top);
  assert.equal(findNpmProjectDir(join(top, "packages", "member", "src")), top);
  assert.equal(findNpmProjectDir(top), top);
  const plain = join(work, "plain");
  await mkdir(plain, { recursive: true });
  await writeFile(join(plain, "package.json"), "{ not json");
  assert.equal(findNpmProjectDir(plain), plain);
  // This package is a workspace of its repository: `npm config get` run in its own folder fails
  // (ENOWORKSPACES, npm 11), so readNpmCa said "npm cannot say" and npm test left
  // NODE_EXTRA_CA_CERTS in every test process.
  assert.ok(readNpmCa(packageRoot()), "npm's settings read from the package's folder");
  assert.ok(readNpmCa(join(top, "packages", "member")), "npm's settings read from a workspace's folder");
});

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

test("npm reaches a registry whose authority only the extra file holds, through the file it is given", { skip: hasOpenssl ? false : "openssl is not installed" }, async () => {
  // An authority, and the registry's certificate signed by it for 127.0.0.1.
  const openssl = (...args: string[]) => assert.equal(spawnSync("openssl", args, { cwd: work }).status, 0, `openssl ${args.join(" ")}`);
  openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=test authority");
  openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  await writeFile(join(work, "san.ext"), "subjectAltName=IP:127.0.0.1\n");
  openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.ext");
  const registry = createServer({ key: await readFile(join(work, "server.key")), cert: await readFile(join(work, "server.pem")) }, (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ name: "probe", "dist-tags": { latest: "1.2.3" }, versions: { "1.2.3": { name: "probe", version: "1.2.3", dist: { tarball: "https://127.0.0.1/probe.tgz" } } } }));
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  after(() => registry.close());
  const url = `https://127.0.0.1:${(registry.address() as AddressInfo).port}/`;

  // npm's own settings out of the way (this machine's npmrc may name a cafile); one cache per run.
  for (const npmrc of ["global.npmrc", "user.npmrc"]) await writeFile(join(work, npmrc), "");
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    npm_config_globalconfig: join(work, "global.npmrc"),
    npm_config_userconfig: join(work, "user.npmrc"),
    npm_config_update_notifier: "false",
  };
  let runs = 0;
  const view = (env: NodeJS.ProcessEnv) =>
    new Promise<{ ok: boolean; out: string }>((resolve) => {
      const args = ["view", "probe", "version", "--registry", url, "--cache", join(work, `cache-${runs++}`), "--fetch-retries", "0"];
      execFile("npm", args, { cwd: work, env: { ...base, ...env }, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => resolve({ ok: !error, out: `${stdout}${stderr}` }));
    });

  const before = { NODE_EXTRA_CA_CERTS: join(work, "ca.pem") };
  // What npm is found to trust: nothing of its own here, the file once the environment names it.
  assert.deepEqual(readNpmCa(work, base), {});
  assert.deepEqual(readNpmCa(work, { ...base, npm_config_cafile: join(work, "ca.pem") }), { cafile: join(work, "ca.pem") });
  const beforeRun = await view(before);
  assert.ok(beforeRun.ok && beforeRun.out.trim() === "1.2.3", `with NODE_EXTRA_CA_CERTS: ${beforeRun.out}`);

  const planned = planTestEnvironment({ ...base, ...before }, {}, join(work, "npm-ca.pem"));
  assert.ok(planned.cafile);
  await writeFile(planned.cafile.path, renderNpmCafile(planned.cafile.from));
  const afterRun = await view(planned.env);
  assert.ok(afterRun.ok && afterRun.out.trim() === "1.2.3", `with the file npm is given: ${afterRun.out}`);

  const neither = await view({});
  assert.equal(neither.ok, false, "without the authority npm must refuse the registry");
  assert.match(neither.out, /certificate|self[- ]signed|UNABLE_TO_VERIFY|unable to get local issuer/i);
});
