/**
 * The scaffolder's safety rules: a non-empty target is refused unless forced,
 * forcing never replaces or removes a file, names follow npm's rules, nothing
 * escapes the target, and an interrupted write leaves nothing behind.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { createTaskApp } from "../src/scaffold/create.js";
import { ScaffoldError } from "../src/scaffold/errors.js";
import { checkPackageName, toValidPackageName } from "../src/scaffold/names.js";
import { outputPath, renderLayers, walkFiles } from "../src/scaffold/render.js";
import { resolveInside } from "../src/scaffold/safe-path.js";
import { writeProject } from "../src/scaffold/write.js";

const roots: string[] = [];
async function tmp(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "scaffold-safety-"));
  roots.push(dir);
  return dir;
}
after(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

/** Every file under `dir`, relative and sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<ScaffoldError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ScaffoldError, `expected a ScaffoldError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected a ScaffoldError ${code}`);
}

const FILES = new Map<string, string>([
  ["package.json", "{}\n"],
  ["src/app.ts", "export {};\n"],
  ["configs/rl.toml", "[algorithm]\n"],
  ["rubrics/outcome.json", "{}\n"],
  [".gitignore", "node_modules/\n"],
]);

describe("non-empty target", () => {
  it("is refused without force, and nothing changes", async () => {
    const root = await tmp();
    const target = path.join(root, "app");
    await mkdir(target);
    await writeFile(path.join(target, "notes.txt"), "mine");
    const error = await rejectsWith(createTaskApp({ dir: target, name: "app", template: "math" }), "target_not_empty");
    assert.deepEqual(error.paths, ["notes.txt"]);
    assert.deepEqual(await tree(target), ["notes.txt"]);
    assert.deepEqual(await readdir(root), ["app"]);
  });

  it("counts a folder holding only .git as empty", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "app", ".git"), { recursive: true });
    await writeFile(path.join(root, "app", ".git", "HEAD"), "ref: refs/heads/main\n");
    const written = await writeProject(path.join(root, "app"), FILES);
    assert.equal(written.length, FILES.size);
    assert.equal(await readFile(path.join(root, "app", ".git", "HEAD"), "utf8"), "ref: refs/heads/main\n");
  });

  it("with force, adds files next to existing ones and leaves those alone", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "docs"), { recursive: true });
    await writeFile(path.join(root, "LICENSE"), "MIT");
    await writeFile(path.join(root, "docs", "a.md"), "# a");
    await writeProject(root, FILES, { force: true });
    assert.equal(await readFile(path.join(root, "LICENSE"), "utf8"), "MIT");
    assert.equal(await readFile(path.join(root, "docs", "a.md"), "utf8"), "# a");
    assert.deepEqual(await tree(root), [...FILES.keys(), "LICENSE", "docs/a.md"].sort());
  });

  it("with force, refuses to overwrite any file and writes nothing", async () => {
    const root = await tmp();
    await writeFile(path.join(root, "package.json"), '{"name":"mine"}');
    await mkdir(path.join(root, "src"));
    const error = await rejectsWith(writeProject(root, FILES, { force: true }), "conflict");
    assert.deepEqual(error.paths, ["package.json"]);
    assert.equal(await readFile(path.join(root, "package.json"), "utf8"), '{"name":"mine"}');
    assert.deepEqual(await tree(root), ["package.json"]);
    assert.deepEqual(await readdir(path.join(root, "src")), []);
  });

  it("with force, keeps an existing .env instead of refusing", async () => {
    const root = await tmp();
    await writeFile(path.join(root, ".env"), "ENVIRONMENT_API_KEY=mine\n");
    const made = await createTaskApp({ dir: root, name: "kept-env", template: "math", force: true });
    assert.ok(!made.files.includes(".env"));
    assert.equal(await readFile(path.join(root, ".env"), "utf8"), "ENVIRONMENT_API_KEY=mine\n");
    assert.ok(made.files.includes(".env.example"));
  });

  it("refuses a broken template manifest", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "templates", "base"), { recursive: true });
    await mkdir(path.join(root, "templates", "odd"), { recursive: true });
    for (const [manifest, message] of [
      ["{", /JSON|Unexpected|Expected/],
      ['{"description": ""}', /description/],
      ['{"description": "x", "features": ["../up"]}', /features/],
      ['{"description": "x", "features": ["missing"]}', /missing layer/],
      ['{"description": "x", "extra": 1}', /unknown key extra/],
    ] as const) {
      await writeFile(path.join(root, "templates", "odd", "template.json"), manifest);
      const error = await rejectsWith(
        createTaskApp({ dir: path.join(root, "app"), template: "odd", templatesDir: path.join(root, "templates") }),
        "bad_template",
      );
      assert.match(error.message, message);
    }
    assert.ok(!existsSync(path.join(root, "app")));
  });

  it("with force, refuses when a file sits where a folder must go", async () => {
    const root = await tmp();
    await writeFile(path.join(root, "src"), "not a folder");
    const error = await rejectsWith(writeProject(root, FILES, { force: true }), "conflict");
    assert.deepEqual(error.paths, ["src"]);
    assert.equal(await readFile(path.join(root, "src"), "utf8"), "not a folder");
  });

  it("refuses a target that is a file", async () => {
    const root = await tmp();
    await writeFile(path.join(root, "app"), "x");
    await rejectsWith(createTaskApp({ dir: path.join(root, "app"), template: "math" }), "target_not_directory");
  });
});

describe("package names", () => {
  const bad = [
    "",
    "My-App",
    " app",
    ".app",
    "_app",
    "my app",
    "a/b",
    "app!",
    "app(1)",
    "node_modules",
    "favicon.ico",
    "fs",
    "http",
    "x".repeat(215),
    "@scope",
    "@scope/",
    "@/x",
    "café",
    "a%2fb",
    "tilde~no",
  ];
  for (const name of bad) {
    it(`rejects ${JSON.stringify(name.length > 20 ? `${name.slice(0, 20)}…` : name)}`, () => {
      assert.notDeepEqual(checkPackageName(name), []);
    });
  }
  for (const name of ["my-env", "task-app-demo", "@me/my-env", "a", "env.v2", "x".repeat(214)]) {
    it(`accepts ${JSON.stringify(name.length > 20 ? `${name.slice(0, 20)}…` : name)}`, () => {
      assert.deepEqual(checkPackageName(name), []);
    });
  }
  it("turns any folder name into a valid name", () => {
    for (const input of ["My Env!", "  __Weird  Name__ ", "日本語", "...", "fs", "node_modules", "A(b)*c"]) {
      const name = toValidPackageName(input);
      assert.deepEqual(checkPackageName(name), [], `${input} -> ${name}`);
    }
  });
  it("refuses a bad --name before touching the disk", async () => {
    const root = await tmp();
    const error = await rejectsWith(createTaskApp({ dir: path.join(root, "ok"), name: "Bad Name", template: "math" }), "invalid_name");
    assert.match(error.message, /lowercase/);
    assert.deepEqual(await readdir(root), []);
  });
  it("refuses a folder whose name is not a valid package name unless --name is given", async () => {
    const root = await tmp();
    const error = await rejectsWith(createTaskApp({ dir: path.join(root, "My Env"), template: "math" }), "invalid_name");
    assert.match(error.message, /--name/);
    assert.deepEqual(await readdir(root), []);
    const made = await createTaskApp({ dir: path.join(root, "My Env"), name: "my-env", template: "math" });
    assert.equal(made.name, "my-env");
  });
});

describe("paths stay inside the target", () => {
  for (const rel of ["../x", "a/../../x", "/etc/passwd", "..", "a/..", "C:\\evil", "\\\\server\\share", "a/\0b", ""]) {
    it(`refuses ${JSON.stringify(rel)}`, () => {
      assert.throws(() => resolveInside("/tmp/target", rel), (e: unknown) => e instanceof ScaffoldError && e.code === "path_escape");
    });
  }
  it("accepts nested relative paths", () => {
    assert.equal(resolveInside("/tmp/target", "a/./b/c.txt"), path.resolve("/tmp/target/a/b/c.txt"));
  });
  it("writeProject refuses a file map with an escaping path and writes nothing", async () => {
    const root = await tmp();
    const files = new Map([...FILES, ["../escape.txt", "x"]]);
    await rejectsWith(writeProject(path.join(root, "app"), files), "path_escape");
    assert.deepEqual(await readdir(root), []);
  });
  it("refuses a template that holds a symlink", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "layer"));
    await symlink("/etc/hostname", path.join(root, "layer", "linked.txt"));
    await rejectsWith(renderLayers([path.join(root, "layer")], {}), "bad_template");
  });
  it("refuses a template name that is a path", async () => {
    const root = await tmp();
    for (const template of ["../base", "../../etc", "/tmp", "base", "math/../vision"]) {
      await rejectsWith(createTaskApp({ dir: path.join(root, "app"), template }), "unknown_template");
    }
    assert.deepEqual(await readdir(root), []);
  });
  it("renames _gitignore and keeps other paths", () => {
    assert.equal(outputPath("_gitignore"), ".gitignore");
    assert.equal(outputPath("src/_gitignore"), "src/.gitignore");
    assert.equal(outputPath("src/app.ts"), "src/app.ts");
  });
});

describe("interrupted write", () => {
  it("aborting while staging leaves no target and no staging folder", async () => {
    const root = await tmp();
    const controller = new AbortController();
    let staged = 0;
    await rejectsWith(
      createTaskApp({
        dir: path.join(root, "app"),
        template: "math",
        signal: controller.signal,
        onFileStaged: () => {
          if (++staged === 3) controller.abort();
        },
      }),
      "aborted",
    );
    assert.equal(staged, 3);
    assert.deepEqual(await readdir(root), []);
  });

  it("aborting into an existing empty folder leaves it empty", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "app"));
    const controller = new AbortController();
    await rejectsWith(
      writeProject(path.join(root, "app"), FILES, { signal: controller.signal, onFileStaged: () => controller.abort() }),
      "aborted",
    );
    assert.deepEqual(await readdir(root), ["app"]);
    assert.deepEqual(await readdir(path.join(root, "app")), []);
  });

  it("a file appearing in the target mid-write rolls back every placed file", async () => {
    const root = await tmp();
    const target = path.join(root, "app");
    await mkdir(target);
    const late = [...FILES.keys()].sort().at(-1) as string;
    await writeProject(target, FILES, {
      onFileStaged: async (rel) => {
        // Another process creates the last file after the checks passed.
        if (rel === late) {
          await mkdir(path.dirname(path.join(target, late)), { recursive: true });
          await writeFile(path.join(target, late), "theirs");
        }
      },
    }).then(
      () => assert.fail("expected a conflict"),
      (error: unknown) => assert.ok(error instanceof ScaffoldError && error.code === "conflict", String(error)),
    );
    assert.deepEqual(await tree(target), [late]);
    assert.equal(await readFile(path.join(target, late), "utf8"), "theirs");
    assert.deepEqual(await readdir(root), ["app"]);
  });

  it("a failing write (a file in the target's path) leaves nothing behind", async () => {
    const root = await tmp();
    await writeFile(path.join(root, "file.txt"), "x");
    await assert.rejects(writeProject(path.join(root, "file.txt", "deeper", "app"), FILES));
    assert.deepEqual(await readdir(root), ["file.txt"]);
  });

  it("a failing write (read-only parent) leaves nothing behind", { skip: process.getuid?.() === 0 ? "root ignores permissions" : false }, async () => {
    const root = await tmp();
    const { chmod } = await import("node:fs/promises");
    await chmod(root, 0o500);
    try {
      await assert.rejects(writeProject(path.join(root, "app"), FILES));
    } finally {
      await chmod(root, 0o700);
    }
    assert.deepEqual(await readdir(root), []);
  });
});

describe("staging folders left behind", () => {
  it("removes an older version's staging folder (no pid in its name) once it is an hour old, and keeps a fresh one", async () => {
    const root = await tmp();
    const old = path.join(root, ".create-task-app-aB3xYz");
    const fresh = path.join(root, ".create-task-app-Qw9eRt");
    for (const dir of [old, fresh]) {
      await mkdir(dir);
      await writeFile(path.join(dir, ".env"), "ENVIRONMENT_API_KEY=ta_secret\n");
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await writeProject(path.join(root, "app"), FILES);
    assert.deepEqual((await readdir(root)).sort(), [".create-task-app-Qw9eRt", "app"]);
  });
});

describe("template walk", () => {
  it("lists each folder's files in code-unit order, the same in every locale", async () => {
    const root = await tmp();
    await mkdir(path.join(root, "src"));
    for (const name of ["a.txt", "B.txt", "README.md", "_gitignore", "é.txt", "src/z.ts", "src/Y.ts"]) await writeFile(path.join(root, name), "x\n");
    // localeCompare would give _gitignore, a.txt, B.txt, é.txt, README.md, src/… (and an order that follows LANG).
    assert.deepEqual(await walkFiles(root), ["B.txt", "README.md", "_gitignore", "a.txt", "src/Y.ts", "src/z.ts", "é.txt"]);
  });
});
