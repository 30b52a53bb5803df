/**
 * The client is typed end to end: a consumer calling every method
 * type-checks (and a wrong call does not), and renaming a field in a Zod
 * wire schema changes the generated types, so a consumer using the old name
 * stops compiling. The good consumer and the bad one are checked in one
 * program (one pass of the checker over the client's types), each test
 * asserting what names its own file.
 *
 * In the same program, deploy's other client: src/deploy/kube-api.ts declares
 * the part of `@kubernetes/client-node` that deploy calls (so the build never
 * reads the library's declarations), and test/fixtures/deploy/kube-api-check.ts
 * holds those declarations against the real library.
 */
// npm test: group typescript (the compiler's parsed lib and declaration files are shared within a process: test/helpers/typecheck.ts)
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { projectOptions, typecheck } from "./helpers/typecheck.js";
import { NODE_MODULES } from "./helpers/roots.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");

const kubeCheck = join(here, "fixtures", "deploy", "kube-api-check.ts");

/** The consumer fixture, a misusing consumer (bad.ts, in a temp folder) and the Kubernetes client check, type-checked in one program. */
let consumers: Promise<{ bad: string; errors: string[] }> | undefined;
let scratch: string | undefined;
after(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

function checkConsumers(): Promise<{ bad: string; errors: string[] }> {
  return (consumers ??= (async () => {
    scratch = await mkdtemp(join(tmpdir(), "client-types-"));
    const bad = join(scratch, "bad.ts");
    await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
    const client = JSON.stringify(join(repo, "src", "client", "index.js"));
    await writeFile(
      bad,
      [
        `import { createTaskAppClient } from ${client};`,
        `const client = createTaskAppClient({ baseUrl: "http://x" });`,
        `export const a = client.rollout({ run_id: "r", env: { seed: "zero" }, policy: {} });`,
        `export const b: Promise<string> = client.done();`,
        `export const c = client.taskInfo(1).then((t) => t.task.id.toFixed());`,
      ].join("\n"),
    );
    // rootDir off: bad.ts lies outside the project (it only decides where emit would go).
    return { bad, errors: typecheck([join(here, "fixtures", "client", "consumer.ts"), bad, kubeCheck], { ...projectOptions(), rootDir: undefined }) };
  })());
}

test("a consumer that calls every client method type-checks", async () => {
  const { bad, errors } = await checkConsumers();
  assert.deepEqual(errors.filter((e) => !e.startsWith(`${bad}:`) && !e.startsWith(`${kubeCheck}:`)), []);
});

test("deploy's declarations of @kubernetes/client-node hold against the real library (its module, classes, objects and the arguments deploy passes)", async () => {
  const { errors } = await checkConsumers();
  assert.deepEqual(errors.filter((e) => e.startsWith(`${kubeCheck}:`)), []);
});

test("a consumer that misuses the client does not", async () => {
  const { bad, errors } = await checkConsumers();
  const own = errors.filter((e) => e.startsWith(`${bad}:`)).join("\n");
  assert.doesNotMatch(errors.join("\n"), /rootDir|CommonJS/, "the check itself is set up right");
  assert.match(own, /bad\.ts:3: Type 'string' is not assignable to type 'number'/);
  assert.match(own, /bad\.ts:4: /);
  assert.match(own, /bad\.ts:5: .*toFixed/s);
});

test("renaming a field in the Zod schema changes the generated types", async () => {
  const dir = await mkdtemp(join(tmpdir(), "client-rename-"));
  try {
    // A copy of the package whose RolloutRequest calls run_id `run_key`.
    for (const path of ["src", "schemas", "generated", "package.json", "tsconfig.json"]) {
      await cp(join(repo, path), join(dir, path), { recursive: true });
    }
    await symlink(NODE_MODULES, join(dir, "node_modules"), "dir");
    // The key's name node in RolloutRequest's object literal, found in the syntax tree (a parse, no
    // type-checking program) and rewritten in place: the edit a rename makes in that file.
    const file = join(dir, "src", "schemas", "rollout.ts");
    const text = await readFile(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const request = source.statements
      .filter(ts.isVariableStatement)
      .flatMap((s) => s.declarationList.declarations)
      .find((d) => ts.isIdentifier(d.name) && d.name.text === "RolloutRequest");
    assert.ok(request, "rollout.ts declares RolloutRequest");
    const field = findProperty(request, "run_id");
    assert.ok(field, "RolloutRequest has run_id");
    await writeFile(file, `${text.slice(0, field.name.getStart(source))}run_key${text.slice(field.name.getEnd())}`);

    // The copy's own generators, in this process, as `task-app generate` runs them for
    // generated/openapi.d.ts (that the command writes what they return is
    // codegen-artifacts.test.ts's subject, in a real process).
    const { generateOpenApi } = (await import(pathToFileURL(join(dir, "src", "codegen", "openapi.ts")).href)) as typeof import("../src/codegen/openapi.js");
    const { generateOpenApiTypes } = (await import(pathToFileURL(join(dir, "src", "codegen", "openapi-types.ts")).href)) as typeof import("../src/codegen/openapi-types.js");
    const { version } = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { version: string };
    const types = await generateOpenApiTypes(generateOpenApi({ version }));
    assert.notEqual(types, await readFile(join(repo, "generated", "openapi.d.ts"), "utf8"), "the rename changes the generated types");
    await writeFile(join(dir, "generated", "openapi.d.ts"), types);

    const requestType = /^ {8}RolloutRequest: \{[\s\S]*?^ {8}\};/m.exec(types)?.[0] ?? "";
    assert.match(requestType, /run_key: string;/);
    assert.doesNotMatch(requestType, /run_id/);
    const responseType = /^ {8}RolloutResponse: \{[\s\S]*?^ {8}\};/m.exec(types)?.[0] ?? "";
    assert.match(responseType, /run_id: string;/, "the response keeps its own run_id");

    // The same consumer, against the regenerated types, no longer compiles.
    const consumer = join(dir, "consumer.ts");
    await writeFile(
      consumer,
      [
        `import { createTaskAppClient } from "./src/client/index.js";`,
        `const client = createTaskAppClient({ baseUrl: "http://x" });`,
        `export const before = client.rollout({ run_id: "r", env: {}, policy: {} });`,
        `export const after = client.rollout({ run_key: "r", env: {}, policy: {} });`,
      ].join("\n"),
    );
    const errors = typecheck([consumer], { ...projectOptions(repo), rootDir: dir });
    assert.equal(errors.length, 1, errors.join("\n"));
    assert.match(errors[0]!, /consumer\.ts:3: .*run_id/s);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The first property assignment named `name` below `node`, in source order. */
function findProperty(node: ts.Node, name: string): ts.PropertyAssignment | undefined {
  let found: ts.PropertyAssignment | undefined;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(child) && ts.isIdentifier(child.name) && child.name.text === name) found = child;
    else ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}
