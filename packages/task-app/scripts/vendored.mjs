/**
 * The dependencies the build loads as one file each (scripts/bundle-vendor.mjs makes them): for
 * each, the module under src/ every other module takes the package's values from, its output
 * under dist/, the packages it holds, and a banner when the code is CommonJS (a `require` of its
 * own). The build and the tests that check the rule (test/layers.test.ts,
 * test/package-dependencies.test.ts, test/entry-startup.test.ts) read this one list.
 */

/** A `require` for a CommonJS package's code in an ES module bundle. */
const REQUIRE = 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);';

export const VENDORED = [
  { source: "traces/kysely.ts", output: "traces/kysely.js", packages: ["kysely"] },
  { source: "zod.ts", output: "zod.js", packages: ["zod"] },
  { source: "hono.ts", output: "hono.js", packages: ["hono", "@hono/node-server"] },
  // ws and pino are CommonJS: their require() of Node's modules (and of ws's optional native helpers) needs a require.
  { source: "ws.ts", output: "ws.js", packages: ["ws"], banner: REQUIRE },
  { source: "pino.ts", output: "pino.js", packages: ["pino"], banner: REQUIRE },
  // undici too; the chat client imports it at its first request (src/undici.ts).
  { source: "undici.ts", output: "undici.js", packages: ["undici"], banner: REQUIRE },
];
