#!/usr/bin/env node
// CommonJS (bin/package.json): `validate` and `eval`, run often, skip yargs when their arguments are
// plain, each from one CommonJS bundle `require` loads, so such a start never starts Node's ES module
// loader (about 8 ms of CPU). Everything else (and any usage question) goes through the full CLI, an
// ES module bundle (scripts/bundle-cli.mjs).
// The shell launcher ./task-app passes --env-file as --task-app-env-file (Node 20 would read it itself).
"use strict";
const argv = process.argv.slice(2).map((a) => (a === "--task-app-env-file" ? "--env-file" : a.startsWith("--task-app-env-file=") ? `--env-file=${a.slice(20)}` : a));
const fast =
  argv[0] === "validate"
    ? require("../dist/cli/fast.bundle.cjs").runFastPath(argv)
    : argv[0] === "eval"
      ? require("../dist/cli/fast-eval.bundle.cjs").runEvalFastPath(argv)
      : undefined;
Promise.resolve(fast).then(async (code) => {
  process.exitCode = code ?? (await (await import("../dist/cli/main.bundle.js")).main(argv));
});
