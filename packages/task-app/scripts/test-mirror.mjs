// The JavaScript mirror `npm test` runs (scripts/test.mjs): every TypeScript file under test/ that
// a suite loads, compiled by esbuild once into node_modules/.cache/task-app-test-mirror/ (same
// layout, `.mjs`), so the test processes load plain JavaScript with no module hook registered. A
// registered hook (module.register, what scripts/test-loader.mjs uses) roughly doubles the CPU
// of loading modules even when it does nothing, and a suite loads hundreds of them.
//
// Imports are rewritten to absolute file URLs: a `src/**/*.ts` source becomes tsc's build of it
// (`dist/**/*.js`: `npm test` builds first, so dist/ is fresh), a test/ TypeScript file becomes
// its mirror, anything else (.mjs, .json, generated/, bench/) the original file; packages and
// node: builtins stay as written (the mirror lives inside the project's node_modules, so they
// resolve upward as before). `import.meta.url`, `.dirname` and `.filename` are the original .ts
// file's, so fixtures and paths relative to a test keep working. A file that imports a computed
// specifier at run time (a .ts file a test writes, say) gets scripts/test-loader.mjs imported
// first, and pays for its hooks alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nameGroupFiles } from "./test-groups.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const testDir = join(root, "test");
const srcDir = join(root, "src");
const distDir = join(root, "dist");
export const mirrorDir = join(root, "node_modules", ".cache", "task-app-test-mirror");
const LOADER = pathToFileURL(join(root, "scripts", "test-loader.mjs")).href;
/** The fixture apps tests hand to a spawned CLI by path (test/helpers/app-fixture.ts): mirrored too, though no suite imports them. */
const appsDir = join(testDir, "fixtures", "apps");
/** Set (to "1") in the test processes' environment by the runner once the mirror is built: test/helpers/app-fixture.ts then names the mirror's apps. */
export const MIRROR_ENV = "TASK_APP_TEST_MIRROR";
const TS = /\.[cm]?ts$/;

/** The mirror's file for a TypeScript file under test/ (`x.test.ts` → `<mirror>/test/x.test.mjs`). */
export function mirrorPathOf(file) {
  return join(mirrorDir, relative(root, file)).replace(TS, ".mjs");
}

/** Every mirror path (plain or as a file URL) in `text` replaced by its original test/ file's. */
export function renameMirrorPaths(text) {
  if (!text.includes(mirrorDir)) return text;
  return text.replace(MIRRORED, (_, rest) => {
    const stem = join(root, rest);
    return existsSync(`${stem}.mts`) ? `${stem}.mts` : `${stem}.ts`;
  });
}
const MIRRORED = new RegExp(`${mirrorDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/([^\\s'"\`():]+?)\\.mjs(?![\\w.])`, "g");

/**
 * A name or message as a report shows it: a group's file named by its members
 * (scripts/test-groups.mjs), every mirror path by its original test/ file.
 */
export function originalName(text) {
  return renameMirrorPaths(nameGroupFiles(text));
}

/**
 * The events of a node:test reporter with every mirror path in them (file, name, error messages
 * and stacks, output lines) turned back into its original test/ file, and every group's file named
 * by its members (originalName): reports name test/x.test.ts.
 */
export async function* withOriginalPaths(source) {
  for await (const event of source) {
    renameIn(event.data, new WeakSet());
    yield event;
  }
}

function renameIn(value, seen) {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  for (const key of Object.getOwnPropertyNames(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !("value" in descriptor)) continue;
    if (typeof descriptor.value === "string") {
      const renamed = originalName(descriptor.value);
      if (renamed !== descriptor.value && descriptor.writable) value[key] = renamed;
    } else renameIn(descriptor.value, seen);
  }
}

/**
 * Compiles the given suites (paths under test/) and every test/ TypeScript file they import,
 * transitively, into the mirror; resolves to the mirrored suites, in the same order. Throws when a
 * source under src/ has no build in dist/ (run `npm run build`) or an import resolves nowhere.
 */
export async function buildMirror(suites) {
  const esbuild = await import("esbuild");
  const built = new Map(); // original .ts path → promise of its build
  const build = (file) => {
    if (!built.has(file)) built.set(file, buildFile(esbuild, file, build));
    return built.get(file);
  };
  const mirrored = suites.map((suite) => {
    const file = resolve(root, suite);
    if (!TS.test(file) || !isInside(file, testDir)) return suite; // not ours to compile: passed on as given
    build(file);
    return mirrorPathOf(file);
  });
  // The fixture apps a spawned CLI loads by path (run-cli.ts is the CLI from source, for a test without a build).
  for (const name of readdirSync(appsDir)) if (TS.test(name) && name !== "run-cli.ts") build(join(appsDir, name));
  // Builds enqueue the files they import: wait until no new one appears.
  for (let settled = 0; settled < built.size; ) {
    const pending = [...built.values()];
    await Promise.all(pending);
    settled = pending.length;
  }
  return mirrored;
}

/** One file: bundled alone (every import external, rewritten by the plugin), written if it changed. */
async function buildFile(esbuild, file, enqueue) {
  const outfile = mirrorPathOf(file);
  const options = {
    entryPoints: [file],
    outfile,
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    // Node ≥ 20.10 reads `with { type: "json" }`; esbuild's node20 would drop it from the import.
    supported: { "import-attributes": true },
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "silent",
    // A computed `import(...)` is a warning here, so the file gets the loader (below).
    logOverride: { "unsupported-dynamic-import": "warning", "unsupported-require-call": "warning" },
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    define: {
      "import.meta.url": JSON.stringify(pathToFileURL(file).href),
      "import.meta.dirname": JSON.stringify(dirname(file)),
      "import.meta.filename": JSON.stringify(file),
    },
    plugins: [{ name: "task-app-test-mirror", setup: (b) => b.onResolve({ filter: /.*/ }, (args) => rewriteImport(args, file, enqueue)) }],
  };
  let result = await esbuild.build(options);
  if (result.warnings.some((warning) => warning.id === "unsupported-dynamic-import" || warning.id === "unsupported-require-call")) {
    result = await esbuild.build({ ...options, banner: { js: `import ${JSON.stringify(LOADER)};` } });
  }
  const code = result.outputFiles[0].text;
  let current;
  try {
    current = readFileSync(outfile, "utf8");
  } catch {
    current = undefined;
  }
  if (current === code) return;
  mkdirSync(dirname(outfile), { recursive: true });
  const temporary = `${outfile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temporary, code);
  renameSync(temporary, outfile); // whole files only
}

/** Where an import of `file` goes in the mirror (see the header). */
function rewriteImport(args, file, enqueue) {
  if (args.kind === "entry-point") return undefined;
  const specifier = args.path;
  const relativeLike = specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("file:");
  if (!relativeLike) return { path: specifier, external: true }; // a package, node:…, data:…
  const target = specifier.startsWith("file:") ? fileURLToPath(specifier) : resolve(dirname(file), specifier);
  const source = typeScriptOf(target);
  if (source !== undefined && isInside(source, srcDir)) {
    const js = join(distDir, relative(srcDir, source)).replace(/\.ts$/, ".js").replace(/\.mts$/, ".mjs").replace(/\.cts$/, ".cjs");
    if (!existsSync(js)) throw new Error(`${relative(root, file)} imports ${specifier}: ${relative(root, js)} is missing (run \`npm run build\`)`);
    return { path: pathToFileURL(js).href, external: true };
  }
  if (source !== undefined && isInside(source, testDir)) {
    enqueue(source);
    return { path: pathToFileURL(mirrorPathOf(source)).href, external: true };
  }
  if (source !== undefined) throw new Error(`${relative(root, file)} imports ${specifier}: a TypeScript file outside src/ and test/ has no JavaScript to run`);
  if (!isFile(target)) throw new Error(`${relative(root, file)} imports ${specifier}: ${target} does not exist`);
  return { path: pathToFileURL(target).href, external: true };
}

/** The TypeScript file an import names: itself, or the `.ts` beside a `.js` that does not exist (NodeNext). */
function typeScriptOf(target) {
  if (TS.test(target) && isFile(target)) return target;
  const ext = extname(target);
  if ((ext === ".js" || ext === ".mjs" || ext === ".cjs") && !isFile(target)) {
    const ts = target.slice(0, -ext.length) + { ".js": ".ts", ".mjs": ".mts", ".cjs": ".cts" }[ext];
    if (isFile(ts)) return ts;
  }
  return undefined;
}

function isInside(path, dir) {
  return path.startsWith(dir + sep);
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
