/**
 * Bundles the CLI after `tsc` has built dist/:
 *
 * - dist/cli/fast.bundle.cjs: the `task-app validate` fast path, one file
 *   holding everything it runs (config checker, schemas, Zod). Loading one
 *   module instead of ~150 roughly halves start-up, which matters for a
 *   command run on every save.
 * - dist/cli/main.bundle.js: the full CLI (yargs, src/cli and every command
 *   module). A start then loads one file instead of ~85. The libraries the
 *   commands call are not copied in: a command imports them lazily from
 *   dist/, the same modules the package's entries load, so each keeps one
 *   copy of its state and its own place on disk (the libraries find schemas,
 *   templates and the viewer relative to themselves).
 * - dist/cli/fast-eval.bundle.cjs: eval's plain-argument path with the run it
 *   makes on every start copied in, like validate's (see EVAL_RUN below);
 *   what only some runs load stays in dist/.
 *
 * The two fast paths are CommonJS: bin/task-app.js (CommonJS too) loads them
 * with `require`, so a validate or an eval start never starts Node's ES
 * module loader (about 8 ms of CPU in a process of about 100). What they load
 * lazily from dist/ they still load with `import()`. `import.meta` would be
 * empty there: the build fails on it.
 *
 * Every output sits directly in dist/cli/, two levels below the package root
 * like src/cli/, so `new URL("../../…", import.meta.url)` in src/cli/ holds
 * in the bundle too, and an external `../deploy/load.js` is right from every
 * chunk. The outputs depend only on dist/ and node_modules: the build is
 * deterministic.
 */
import { cpSync, readdirSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { build } from "esbuild";
import { BUNDLE_OPTIONS } from "./esbuild-options.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const cliDir = join(dist, "cli");

const common = BUNDLE_OPTIONS;

// Outputs of an earlier build (fast.bundle.js and fast-eval.bundle.js were ES modules before).
for (const name of readdirSync(cliDir)) {
  if (/^(main|fast|fast-eval)\.bundle\.c?js$|^bundle-.*\.js$/.test(name) || name === "yargs-locales") rmSync(join(cliDir, name), { recursive: true });
}

/** The fast paths' format (see the top): `import.meta`, empty in CommonJS, fails the build. */
const commonjs = { format: "cjs", logOverride: { "empty-import-meta": "error" } };

/**
 * Zod's entry re-exports every locale as `z.locales` (about 300 KB of the
 * validate bundle, all of it run at load), and validate speaks zod's English,
 * which zod's schemas module imports from `locales/en.js` itself: the fast
 * path's copy of zod keeps that locale alone (`z.locales.en`). The library in
 * dist/ imports the whole package, as before.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, async ({ path }) => {
      const english = 'export { default as en } from "./en.js";';
      if (!(await readFile(path, "utf8")).split("\n").includes(english)) throw new Error(`${relative(root, path)} no longer re-exports en.js as \`en\`: update scripts/bundle-cli.mjs`);
      return { contents: english, loader: "js", resolveDir: dirname(path) };
    });
  },
};

/**
 * The library's `z` (dist/zod.js, Zod vendored whole: scripts/bundle-vendor.mjs) taken from Zod's
 * own package instead, so that the fast path's copy is built from Zod's modules (and keeps English
 * alone, above) rather than from the vendored file's single block.
 */
const zodFromPackage = {
  name: "zod-from-package",
  setup(b) {
    const vendored = join(dist, "zod.js");
    b.onResolve({ filter: /[\\/]zod\.js$/ }, async (args) => {
      if (args.kind === "entry-point" || resolve(args.resolveDir, args.path) !== vendored) return undefined;
      const found = await b.resolve("zod", { kind: args.kind, resolveDir: dist });
      if (found.errors.length > 0) throw new Error(`the fast path's zod: ${found.errors[0].text}`);
      return { path: found.path };
    });
  },
};

await build({
  ...common,
  absWorkingDir: root,
  entryPoints: ["dist/cli/fast-path.js"],
  outfile: "dist/cli/fast.bundle.cjs",
  ...commonjs,
  plugins: [zodFromPackage, zodEnglishOnly],
});

/**
 * The validate bundle's first line names its build (a hash of its text): bin/task-app.js keeps V8's
 * compiled code of the bundle under that name, so code compiled from another build is never used
 * (V8 itself checks only the length of the text).
 */
const fastBundle = join(cliDir, "fast.bundle.cjs");
const fastText = await readFile(fastBundle, "utf8");
await writeFile(fastBundle, `// build ${createHash("sha256").update(fastText).digest("hex").slice(0, 16)}\n${fastText}`);

/**
 * Library modules the CLI bundle copies in rather than loading from dist/:
 * small pure helpers (no module state, no file of their own to find) that
 * command definitions and the usage-error path use. Each may import only
 * Node built-ins and the others listed here (checked below).
 */
const INLINED = ["config/findings.js", "config/suggest.js", "fs/package-root.js", "style.js", "text/terminal.js"].map((p) => join(dist, p));

for (const file of INLINED) {
  const text = await readFile(file, "utf8");
  for (const [, spec] of text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)) {
    if (spec.startsWith("node:")) continue;
    if (!spec.startsWith(".") || !INLINED.includes(resolve(dirname(file), spec))) throw new Error(`${relative(root, file)} imports ${spec}: it can no longer be inlined into the CLI bundle`);
  }
}

/** Our imports of anything outside src/cli (a library module or a package other than yargs) stay imports, written relative to dist/cli/. */
const librariesStayExternal = {
  name: "libraries-stay-external",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (!args.importer.startsWith(dist + sep) || args.kind === "entry-point") return undefined;
      if (!args.path.startsWith(".")) return args.path === "yargs" ? undefined : { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (target.startsWith(cliDir + sep) || INLINED.includes(target)) return undefined;
      return { path: relative(cliDir, target).split(sep).join("/"), external: true };
    });
  },
};

/**
 * Edits to yargs and its dependencies, each checked to apply:
 * - yargs' platform shim finds its translations (`yargs/locales`, read for
 *   the locale LANG names) relative to its own file; in the bundle they are
 *   copied to dist/cli/yargs-locales. It also starts its search for a
 *   package.json (for a version it guesses before task-app sets its own)
 *   from the folder above node_modules, which a bundle has not: from the
 *   package root, not from the working directory up to /.
 * - string-width, when imported, builds an Intl.Segmenter (ICU start-up) and
 *   Unicode property regexps (`\p{RGI_Emoji}` with the `v` flag alone costs
 *   ~15 ms: V8 builds its sets when it parses the literal, even in a function
 *   never called). Only help text measures strings, and most of them are
 *   printable ASCII, as wide as they are long: string-width answers those
 *   at once (as 8.x does itself) and runs its module body on the first other
 *   string; the build writes its regexps as `new RegExp(...)` (see
 *   `supported` below), which costs nothing until run.
 */
const yargsInBundle = {
  name: "yargs-in-bundle",
  setup(b) {
    const fail = (path, what) => {
      throw new Error(`${relative(root, path)} ${what}: update scripts/bundle-cli.mjs`);
    };
    b.onLoad({ filter: /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, async ({ path }) => {
      let text = await readFile(path, "utf8");
      const edits = [
        ["resolve(__dirname, '../../../locales')", "resolve(__dirname, '../yargs-locales')"],
        // Where yargs looks for a package.json to guess a version (task-app gives its own): the package root, not the cwd upwards.
        ["__dirname.substring(0, __dirname.lastIndexOf('node_modules'))", "resolve(__dirname, '../../..')"],
      ];
      for (const [from, to] of edits) {
        if (!text.includes(from)) fail(path, `no longer contains ${from}`);
        text = text.replace(from, to);
      }
      return { contents: text, loader: "js" };
    });
    b.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, async ({ path }) => {
      const lines = (await readFile(path, "utf8")).split("\n");
      const imports = lines.filter((l) => l.startsWith("import "));
      const body = lines.filter((l) => !l.startsWith("import ")).join("\n");
      const head = "export default function stringWidth(";
      if (body.split(head).length !== 2 || /^export /m.test(body.replace(head, ""))) fail(path, "no longer exports just a default stringWidth function");
      const contents = [
        ...imports,
        `const create = () => {\n${body.replace(head, "function stringWidth(")}\nreturn stringWidth;\n};`,
        "let measure;",
        "export default function stringWidth(string, options) {",
        // string-width's own fast path (8.x has it inside; in 7.x printable ASCII has no escapes, marks or wide characters).
        "  if (typeof string === 'string' && /^[\\u0020-\\u007E]*$/.test(string)) return string.length;",
        "  return (measure ??= create())(string, options);",
        "}",
      ].join("\n");
      return { contents, loader: "js" };
    });
  },
};

/**
 * The library modules `task-app eval` loads on every run, with what they
 * import statically: copied into fast-eval.bundle.cjs, as validate's checker
 * is into fast.bundle.cjs. An eval start then reads and links one module of
 * ours instead of about 40 (each costs Node's ESM loader a resolve, a stat, a
 * read and a compile), and esbuild keeps only the one compiled validator eval
 * calls out of generated/rollout-validate.js. What these modules import
 * lazily (the trace store, the app `--app` serves, `--config`'s checker, a
 * resumed run's reader, the container wire's reader) stays in dist/, loaded
 * when a run needs it.
 *
 * Such a run then holds a second copy of a few modules (redaction, session
 * ids, atomic writes): harmless while a copied module keeps no state but a
 * cache (checked below: any other top-level binding fails the build) and
 * finds nothing relative to its own file (no `import.meta`). No error class
 * crosses between the copies: eval throws and catches its own, and checks
 * the errors of a module it loads lazily against that module's own export.
 */
const EVAL_RUN = ["server/env.js", "server/secrets.js", "server/auth.js", "eval/lib.js", "apps/resolve.js", "style.js"].map((p) => join(dist, p));

/** Top-level `let`s and collections of the copied modules: each a cache a second copy may rebuild. */
const EVAL_RUN_CACHES = {
  "server/secrets.js": ["cachedKey", "cachedIndex"],
  "eval/rollout.js": ["containerReader", "containerLoaded", "criterionKeys"],
  "json/parse-bytes.js": ["skeletonScratch", "scanCuts"],
  "time/iso-now.js": ["second", "prefix"],
  // Random bytes drawn ahead: a second copy draws its own.
  "tracing/session-id.js": ["poolAt"],
};

/** CLI modules, the EVAL_RUN entries and whatever those import statically are copied in; every other import stays one. */
const evalRunInlined = {
  name: "eval-run-inlined",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (!args.path.startsWith(".")) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      const fromCli = args.importer.startsWith(cliDir + sep);
      if (target.startsWith(cliDir + sep) || EVAL_RUN.includes(target) || (!fromCli && args.kind === "import-statement")) return undefined;
      return { path: relative(cliDir, target).split(sep).join("/"), external: true };
    });
  },
};

/** Fails the build when a library module copied into fast-eval.bundle.cjs holds state or finds files relative to itself. */
async function checkEvalRunCopies(metafile) {
  for (const input of Object.keys(metafile.inputs)) {
    const file = resolve(root, input);
    if (!file.startsWith(dist + sep) || file.startsWith(cliDir + sep)) continue;
    const name = relative(dist, file).split(sep).join("/");
    const text = await readFile(file, "utf8");
    if (text.includes("import.meta")) throw new Error(`dist/${name} uses import.meta: it can no longer be copied into fast-eval.bundle.cjs (see EVAL_RUN)`);
    const state = [...text.matchAll(/^(?:export )?(?:let|var) (\w+)|^(?:export )?const (\w+) = new (?:Map|Set|WeakMap|WeakSet)\b/gm)].map((m) => m[1] ?? m[2]);
    const unlisted = state.filter((binding) => !(EVAL_RUN_CACHES[name] ?? []).includes(binding));
    if (unlisted.length) throw new Error(`dist/${name} holds module state (${unlisted.join(", ")}) and is copied into fast-eval.bundle.cjs: list it in EVAL_RUN_CACHES if a second copy is harmless (a cache), else keep the module out of EVAL_RUN`);
  }
}

// A regexp literal with a Unicode property or the `v` flag is parsed (and its character sets built)
// when the file is compiled, called or not; `new RegExp(...)` waits until it runs.
const regexpsWhenRun = { "regexp-set-notation": false, "regexp-unicode-property-escapes": false };

await build({
  ...common,
  absWorkingDir: root,
  entryPoints: ["dist/cli/main.js"],
  outfile: "dist/cli/main.bundle.js",
  plugins: [librariesStayExternal, yargsInBundle],
  supported: regexpsWhenRun,
});

const evalBundle = await build({
  ...common,
  absWorkingDir: root,
  entryPoints: ["dist/cli/fast-eval.js"],
  outfile: "dist/cli/fast-eval.bundle.cjs",
  ...commonjs,
  plugins: [evalRunInlined],
  supported: regexpsWhenRun,
  metafile: true,
});
await checkEvalRunCopies(evalBundle.metafile);

const yargsDir = dirname(createRequire(join(cliDir, "main.js")).resolve("yargs/package.json"));
cpSync(join(yargsDir, "locales"), join(cliDir, "yargs-locales"), { recursive: true });
