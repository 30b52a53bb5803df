#!/usr/bin/env node
// `validate` runs from a single bundled module when its arguments are plain;
// everything else (and any usage question) goes through the full CLI.
const argv = process.argv.slice(2);
const fast = argv[0] === "validate" ? await (await import("../dist/cli/fast.bundle.js")).runFastPath(argv) : undefined;
process.exitCode = fast ?? (await (await import("../dist/cli/main.js")).main(argv));
