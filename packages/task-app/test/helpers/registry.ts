/**
 * A loopback npm registry for tests (verdaccio): the project's own packages
 * are published to it and served only from it; every other package is
 * proxied from the registry npm is configured with (its certificates kept),
 * so an install through it is an install a user gets. `env` is the
 * environment whose only registry is this one: a userconfig naming it (no
 * token: only `publish` sends the publisher's) and a global config that says
 * nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closedPort } from "./loopback.js";
import { NODE_MODULES } from "./roots.js";
import { readNpmConfig } from "../../scripts/test-env.mjs";
import { assertOk, CLEAN_ENV, runProcess } from "./run-process.js";

export interface LoopbackRegistry {
  readonly url: string;
  /** CLEAN_ENV with npm pointed at this registry alone (userconfig, globalconfig, cache kept), without the publisher's token. */
  readonly env: NodeJS.ProcessEnv;
  /** `npm publish <tarball>` to this registry. */
  publish(tarball: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The registry npm installs from here, and the certificates it trusts, for the proxy: npm's own
 * `cafile` (an npmrc's, or the one npm test hands it), else NODE_EXTRA_CA_CERTS (npm test runs
 * its processes without it, scripts/test-env.mjs, but a suite run alone may have it).
 */
async function upstream(): Promise<{ url: string; cafile?: string }> {
  const settings = readNpmConfig(os.tmpdir(), ["registry", "cafile"]) ?? {};
  const url = settings.registry || "https://registry.npmjs.org/";
  const cafile = settings.cafile || process.env.NODE_EXTRA_CA_CERTS || undefined;
  return { url, cafile };
}

function renderConfig(dir: string, port: number, uplink: string, own: readonly string[]): string {
  const ownRules = own.map((name) => `  '${name}':\n    access: $all\n    publish: $authenticated\n`).join("");
  return [
    `storage: ${JSON.stringify(path.join(dir, "storage"))}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(path.join(dir, "htpasswd"))}`,
    "    max_users: 10",
    "uplinks:",
    "  upstream:",
    `    url: ${JSON.stringify(uplink)}`,
    "    timeout: 60s",
    "    max_fails: 5",
    "packages:",
    // The project's packages: published here, never looked up upstream (a package of the same name there is not ours).
    ownRules.trimEnd(),
    "  '**':",
    "    access: $all",
    "    proxy: upstream",
    `listen: 127.0.0.1:${port}`,
    "log: { type: stdout, format: json, level: warn }",
    "",
  ].join("\n");
}

/** Starts the registry; `own` are the package names served only from it. */
export async function startRegistry(own: readonly string[]): Promise<LoopbackRegistry> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "registry-"));
  const port = await closedPort();
  const { url: uplink, cafile } = await upstream();
  await writeFile(path.join(dir, "config.yaml"), renderConfig(dir, port, uplink, own));
  const url = `http://127.0.0.1:${port}/`;
  const child: ChildProcess = spawn(process.execPath, [path.join(NODE_MODULES, "verdaccio", "bin", "verdaccio"), "--config", path.join(dir, "config.yaml")], {
    env: { ...CLEAN_ENV, ...(cafile ? { NODE_EXTRA_CA_CERTS: cafile } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const close = async () => {
    child.kill("SIGTERM");
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPing(url, exited, () => output);
    // A user, whose token publishes.
    const user = await fetch(`${url}-/user/org.couchdb.user:ci`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "ci", password: "ci-password-0123" }) });
    const { token } = (await user.json()) as { token?: string };
    if (!user.ok || !token) throw new Error(`the registry made no user (${user.status})`);
    const host = url.replace(/^http:/, "");
    // Installs go without the token, as a user's do: verdaccio checks a token's password against
    // the htpasswd file (bcrypt, in JavaScript) on every request that carries one (most of the registry's
    // CPU in the template rows). Only a publish sends it.
    const userconfig = path.join(dir, "npmrc");
    await writeFile(userconfig, `registry=${url}\n${cafile ? `cafile=${cafile}\n` : ""}`);
    const publisherconfig = path.join(dir, "publisher-npmrc");
    await writeFile(publisherconfig, `registry=${url}\n${host}:_authToken=${token}\n${cafile ? `cafile=${cafile}\n` : ""}`);
    const globalconfig = path.join(dir, "global-npmrc");
    await writeFile(globalconfig, "");
    const env: NodeJS.ProcessEnv = { ...CLEAN_ENV, npm_config_userconfig: userconfig, npm_config_globalconfig: globalconfig, npm_config_registry: url };
    delete env.npm_config_cafile;
    const publisher: NodeJS.ProcessEnv = { ...env, npm_config_userconfig: publisherconfig };
    return {
      url,
      env,
      async publish(tarball) {
        assertOk(await runProcess("npm", ["publish", tarball, "--registry", url], dir, 120_000, publisher), `npm publish ${path.basename(tarball)}`);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitForPing(url: string, exited: Promise<void>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (gone) throw new Error(`the registry exited:\n${output()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the registry did not answer within 60 s:\n${output()}`);
}
