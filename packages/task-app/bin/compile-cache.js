// V8's compiled code of a CLI bundle, kept between runs (bin/task-app.js loads validate's bundle
// through it; bench/validate.mjs times it). CommonJS, as bin/task-app.js.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

/**
 * Loads a CommonJS bundle (validate's, dist/cli/fast.bundle.cjs) as `require` would, with V8's
 * compiled code of an earlier run when there is one: compiling the bundle and the functions a check
 * runs for the first time is about 20 ms of the 75 ms of CPU a validate of an RL config takes
 * without it, and validate runs on every save. Node 22 has this built in (module.enableCompileCache);
 * this works on every Node the package supports. The code is cached per user (task-app/compile-cache
 * under XDG_CACHE_HOME or ~/.cache, Library/Caches, LOCALAPPDATA), one file per bundle build (the
 * hash its first line carries, scripts/bundle-cli.mjs) and V8 version, written once a run has
 * compiled what it uses; V8 checks it fits (else the bundle compiles as usual and the file is
 * written again). NODE_DISABLE_COMPILE_CACHE turns it off, as it does Node's. Returns the bundle's
 * exports and a function saving the cache (a no-op when it was used).
 */
function loadCompiled(file) {
  const name = path.basename(file);
  const source = fs.readFileSync(file, "utf8");
  const build = /^\/\/ build ([0-9a-f]+)\n/.exec(source)?.[1];
  const stem = `${name}-${process.versions.v8}-${process.arch}-`;
  let dir;
  let cachedData;
  try {
    if (build && !process.env.NODE_DISABLE_COMPILE_CACHE) {
      const home = () => require("node:os").homedir();
      const base = process.platform === "win32" ? process.env.LOCALAPPDATA : process.platform === "darwin" ? path.join(home(), "Library", "Caches") : process.env.XDG_CACHE_HOME || path.join(home(), ".cache");
      if (base) dir = path.join(base, "task-app", "compile-cache");
      if (dir) cachedData = fs.readFileSync(path.join(dir, stem + build));
    }
  } catch {
    // no cache (yet)
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, require("node:module").createRequire(file), mod, file, path.dirname(file));
  const save = () => {
    if (!dir || (cachedData && !script.cachedDataRejected)) return;
    try {
      const cacheFile = path.join(dir, stem + build);
      const temp = `${cacheFile}.${process.pid}.tmp`;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(temp, script.createCachedData());
      fs.renameSync(temp, cacheFile); // whole or not at all, whatever runs beside this process
      // Earlier builds' code for this V8, and what a process that died while writing left (a minute on).
      for (const other of fs.readdirSync(dir)) {
        const at = path.join(dir, other);
        if (other.startsWith(stem) && at !== cacheFile && !(other.endsWith(".tmp") && Date.now() - fs.statSync(at).mtimeMs < 60_000)) fs.rmSync(at, { force: true });
      }
    } catch {
      // a cache that cannot be written is no cache
    }
  };
  return { exports: mod.exports, save };
}

module.exports = { loadCompiled };
