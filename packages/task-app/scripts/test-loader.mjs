// `node --import ./scripts/test-loader.mjs --test test/x.test.ts`: one suite run from its TypeScript
// (see test-loader-hooks.mjs); `npm test` runs compiled suites instead (test-mirror.mjs), and imports
// this only in a suite that loads a computed specifier (a .ts file it writes). tsx's own
// registration costs about 0.2 s of CPU in every process: this costs about 0.03 s once the cache is
// warm (any registered hook still slows every module load after it).
import { register } from "node:module";

process.setSourceMapsEnabled(true);
register("./test-loader-hooks.mjs", import.meta.url);
