// Module hooks registered by scripts/test-loader.mjs: TypeScript files load as ES modules
// transformed by esbuild, cached on disk by path and content, and a `.js` specifier whose file is
// absent resolves to the `.ts` beside it (what `module: NodeNext` sources import). esbuild is
// loaded only on a cache miss, so a warm run pays for neither esbuild nor a TypeScript loader's
// start-up.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cacheDir = join(root, "node_modules", ".cache", "task-app-test-ts");
// The compiler options that change esbuild's output, from tsconfig.json; Node ≥ 20.10 reads
// `with { type: "json" }`, which esbuild's node20 target would drop from an import.
const OPTIONS = {
  loader: "ts",
  format: "esm",
  target: "node20",
  supported: { "import-attributes": true },
  sourcemap: "inline",
  tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
};
// Part of every cache key: a new esbuild or new options make new entries.
const KEY = `${JSON.parse(readFileSync(createRequire(import.meta.url).resolve("esbuild/package.json"), "utf8")).version}\0${JSON.stringify(OPTIONS)}`;
let esbuild;

export async function resolve(specifier, context, next) {
  if (specifier.endsWith(".js") && (specifier.startsWith(".") || specifier.startsWith("file:") || specifier.startsWith("/"))) {
    const url = specifier.startsWith("/") ? pathToFileURL(specifier) : new URL(specifier, context.parentURL ?? pathToFileURL(`${process.cwd()}/`));
    if (url.protocol === "file:" && !existsSync(url)) {
      const ts = new URL(`${url.href.slice(0, -3)}.ts`);
      if (existsSync(ts)) return { url: ts.href, format: "module", shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return next(url, context);
  return { format: "module", source: await transformFile(fileURLToPath(url)), shortCircuit: true };
}

/** The JavaScript for a TypeScript file: from the cache, or transformed and cached. */
async function transformFile(path) {
  const source = readFileSync(path, "utf8");
  const cached = join(cacheDir, `${createHash("sha1").update(KEY).update("\0").update(path).update("\0").update(source).digest("hex")}.js`);
  try {
    return readFileSync(cached, "utf8");
  } catch {
    esbuild ??= await import("esbuild");
    const { code } = await esbuild.transform(source, { ...OPTIONS, sourcefile: path });
    mkdirSync(dirname(cached), { recursive: true });
    const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, code);
    renameSync(temporary, cached); // whole files only: processes running beside this one read it
    return code;
  }
}
