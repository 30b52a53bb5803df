// The environment `npm test` runs its test processes in: the caller's, less NODE_EXTRA_CA_CERTS.
//
// Node reads the file NODE_EXTRA_CA_CERTS names when each process starts, whether or not the
// process ever opens a TLS connection (a missing file is warned about at start-up): with a system
// bundle of about 140 certificates that is about 60 ms of CPU per process, against about 20 ms
// for the whole start-up of `node -e 0` without it. The suite starts many node processes
// (CLIs, servers, workers, the test files themselves), over a thousand in a run: leaving the
// variable out saved 94 s of a whole run's 865 s of CPU. None of them reaches a TLS host but npm.
//
// npm is the one program in the suite that may reach a registry over TLS (an install that misses
// its cache). When npm has certificate authorities of its own configured (`cafile` or `ca`, from
// an npmrc or the environment), it hands them to its connections, which then trust nothing
// else: the variable was not used by it. Otherwise it is given, as npm_config_cafile, a file
// holding exactly what Node trusted with the variable set, its bundled roots and the extra
// certificates, so it trusts what it trusted before.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { rootCertificates } from "node:tls";

/**
 * What to run the test processes with, given the caller's environment and npm's CA settings
 * (`npmCa`: npm's `cafile` and `ca` as `npm config get` printed them, or undefined when npm could
 * not say, in which case nothing is changed). `cafile` is where the file npm is given would go.
 * Returns the environment, and the file to write first when npm is to be given one.
 */
export function planTestEnvironment(env, npmCa, cafile) {
  const extra = env.NODE_EXTRA_CA_CERTS;
  if (!extra || npmCa === undefined) return { env, cafile: undefined };
  const { NODE_EXTRA_CA_CERTS: _left, ...rest } = env;
  if (npmCa.cafile || npmCa.ca) return { env: rest, cafile: undefined };
  return { env: { ...rest, npm_config_cafile: cafile }, cafile: { path: cafile, from: extra } };
}

/**
 * The folder npm reads a project's settings from when run in `dir`: the top of the workspace
 * project `dir` belongs to (the nearest folder above, or `dir` itself, whose package.json lists
 * workspaces), else `dir`. `npm config` refuses to run inside a workspace's own folder
 * (ENOWORKSPACES), as this package's is.
 */
export function findNpmProjectDir(dir) {
  for (let at = dir; ; at = dirname(at)) {
    const manifest = join(at, "package.json");
    try {
      if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).workspaces) return at;
    } catch {
      // a package.json that does not parse lists no workspaces
    }
    if (dirname(at) === at) return dir;
  }
}

/**
 * npm's settings `keys` as npm run in `cwd` (in its project's top folder) with `env` sees them
 * (absent ones left out), or undefined when `npm config get` fails.
 */
export function readNpmConfig(cwd, keys, env = process.env) {
  const result = spawnSync("npm", ["config", "get", ...keys], { cwd: findNpmProjectDir(cwd), env, encoding: "utf8" });
  if (result.status !== 0) return undefined;
  const settings = {};
  for (const line of result.stdout.split("\n")) {
    const match = /^([\w-]+)=(.*)$/.exec(line.trim());
    if (match && keys.includes(match[1]) && match[2] !== "null" && match[2] !== "") settings[match[1]] = match[2];
  }
  return settings;
}

/** npm's `cafile` and `ca` settings (readNpmConfig). */
export function readNpmCa(cwd, env = process.env) {
  return readNpmConfig(cwd, ["cafile", "ca"], env);
}

/** The certificates Node trusts with NODE_EXTRA_CA_CERTS set to `extra`: its bundled roots, then the file's. */
export function renderNpmCafile(extra) {
  let added = "";
  try {
    added = readFileSync(extra, "utf8");
  } catch {
    // Node ignores a file it cannot read (with a warning): it trusted its bundled roots alone
  }
  return `${rootCertificates.join("\n")}\n${added}`;
}
