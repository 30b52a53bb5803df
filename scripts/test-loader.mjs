// `node --import ./scripts/test-loader.mjs`: what `npm test` runs its TypeScript suites with (see
// test-loader-hooks.mjs). tsx's own registration costs about 0.2 s of CPU in every process, a test
// file being one process: this costs about 0.03 s once the cache is warm.
import { register } from "node:module";

process.setSourceMapsEnabled(true);
register("./test-loader-hooks.mjs", import.meta.url);
