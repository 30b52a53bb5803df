#!/usr/bin/env -S node --
// The task-app command. The shebang's `--` ends node's own options: Node 20 reads `--env-file` anywhere
// on its command line, even after the script, and exits 9 ("node: <file>: not found") before task-app
// runs; after `--` it is task-app's. A JavaScript file (no shell launcher), so npm's Windows shim
// (which reads `env -S` shebangs) runs it as it runs any node bin.
// CommonJS (bin/package.json): `validate` and `eval`, run often, skip yargs when their arguments are
// plain, each from one CommonJS bundle (validate's with its compiled code kept between runs, below), so
// such a start never starts Node's ES module loader (about 8 ms of CPU). Everything else (and any
// usage question) goes through the full CLI, an ES module bundle (scripts/bundle-cli.mjs).
// `--task-app-env-file` is read as --env-file: how a caller that runs `node bin/task-app.js` on Node 20
// (which would take --env-file itself) passes one.
"use strict";
const argv = process.argv.slice(2).map((a) => (a === "--task-app-env-file" ? "--env-file" : a.startsWith("--task-app-env-file=") ? `--env-file=${a.slice(20)}` : a));

let saveCache;
let fast;
if (argv[0] === "validate") {
  const bundle = require("./compile-cache.js").loadCompiled(require("node:path").join(__dirname, "..", "dist", "cli", "fast.bundle.cjs"));
  saveCache = bundle.save;
  fast = bundle.exports.runFastPath(argv);
} else if (argv[0] === "eval") fast = require("../dist/cli/fast-eval.bundle.cjs").runEvalFastPath(argv);
Promise.resolve(fast).then(async (code) => {
  saveCache?.();
  process.exitCode = code ?? (await (await import("../dist/cli/main.bundle.js")).main(argv));
});
