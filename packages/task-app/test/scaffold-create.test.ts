/**
 * Each template renders into a complete, valid project: the expected files,
 * no leftover placeholders, configs that pass `task-app validate` and carry a
 * `#:schema` directive to the shipped schema, rubrics valid under the rubric
 * schema, editor settings. That the TypeScript type-checks against this
 * package's public API is scaffold-typecheck.test.ts's subject.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { Ajv } from "ajv";
import { parse as parseToml } from "smol-toml";
import { checkConfigFile } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { listTemplates } from "../src/scaffold/catalog.js";
import { createTaskApp, TEMPLATE_NAMES, type CreateTaskAppResult } from "../src/scaffold/create.js";
import { packageRoot, packageVersion } from "../src/scaffold/paths.js";

const COMMON = [
  ".env",
  ".env.example",
  ".gitignore",
  ".taplo.toml",
  ".vscode/extensions.json",
  "README.md",
  "configs/eval.toml",
  "configs/filter.toml",
  "configs/rl.toml",
  "deploy.toml",
  "package.json",
  "rubrics/events.json",
  "rubrics/outcome.json",
  "src/app.ts",
  "src/random.ts",
  "test/app.test.ts",
  "test/fake-inference.ts",
  "test/inference.test.ts",
  "test/rollout-client.ts",
  "tombi.toml",
  "tsconfig.json",
];
const CRAFTING = ["src/crafting.ts", "src/datasets/worlds.ts", "src/planner.ts", "src/world.ts", "test/world.test.ts"];
const EXPECTED: Record<string, string[]> = {
  math: [...COMMON, "configs/sft.toml", "data/sft.jsonl", "src/datasets/arithmetic.ts", "src/problems.ts", "test/math.test.ts"],
  "multi-step": [...COMMON, ...CRAFTING, "test/crafting.test.ts"],
  vision: [...COMMON, ...CRAFTING, "configs/rl_thinking.toml", "src/observe.ts", "src/png.ts", "src/render.ts", "test/vision.test.ts"],
};
const SCHEMA_OF: Record<string, string> = { rl: "rl-config", eval: "eval-config", sft: "sft-config", filter: "filter-config" };

const root = await mkdtemp(path.join(os.tmpdir(), "scaffold-create-"));
after(() => rm(root, { recursive: true, force: true }));
const made = new Map<string, CreateTaskAppResult>();
for (const template of TEMPLATE_NAMES) {
  made.set(template, await createTaskApp({ dir: path.join(root, template), template, name: `@acme/${template}-env`, environmentApiKey: "fixed-key" }));
}
const read = (template: string, rel: string) => readFile(path.join(root, template, rel), "utf8");

it("lists the three shipped templates in order", async () => {
  assert.deepEqual((await listTemplates()).map((t) => t.name), [...TEMPLATE_NAMES]);
});

for (const template of TEMPLATE_NAMES) {
  describe(`template ${template}`, () => {
    it("writes exactly the expected files", () => {
      const result = made.get(template)!;
      assert.deepEqual(result.files, [...(EXPECTED[template] ?? [])].sort());
      assert.equal(result.name, `@acme/${template}-env`);
      assert.equal(result.appId, `${template}-env`);
    });

    it("fills every placeholder", async () => {
      for (const rel of made.get(template)!.files) {
        const text = await read(template, rel);
        assert.doesNotMatch(text, /\{\{\s*\w+\s*\}\}/, rel);
      }
      assert.match(await read(template, "src/app.ts"), new RegExp(`appId: "${template}-env"`));
      assert.match(await read(template, "README.md"), new RegExp(`template: \`${template}\``));
    });

    it("writes a package.json that depends on this package", async () => {
      const pkg = JSON.parse(await read(template, "package.json"));
      assert.equal(pkg.name, `@acme/${template}-env`);
      assert.equal(pkg.type, "module");
      assert.equal(pkg.dependencies["task-app"], `^${packageVersion()}`);
      for (const script of ["serve", "check", "test", "validate", "typecheck"]) assert.ok(pkg.scripts[script], script);
    });

    it("writes .env with the key and keeps it out of git", async () => {
      assert.match(await read(template, ".env"), /^ENVIRONMENT_API_KEY=fixed-key$/m);
      assert.match(await read(template, ".gitignore"), /^\.env$/m);
      assert.match(await read(template, ".gitignore"), /^node_modules\/$/m);
    });

    it("starts every config with a #:schema directive to the shipped schema, and each validates", async () => {
      for (const rel of made.get(template)!.files.filter((f) => f.startsWith("configs/"))) {
        const text = await read(template, rel);
        const kind = path.basename(rel).split(/[._]/)[0] ?? "";
        const schema = `${SCHEMA_OF[kind]}.schema.json`;
        assert.equal(text.split("\n")[0], `#:schema ../node_modules/task-app/schemas/${schema}`, rel);
        assert.ok(existsSync(path.join(packageRoot(), "schemas", schema)), `schemas/${schema} is shipped`);
        const check = await checkConfigFile(path.join(root, template, rel), {});
        const errors = check.findings.filter((f) => f.severity === "error").map(formatFinding);
        assert.deepEqual(errors, [], rel);
        assert.equal(check.kind, kind, rel);
      }
    });

    it("writes a deploy.toml that validates and renders a deploy folder", async () => {
      const text = await read(template, "deploy.toml");
      assert.equal(text.split("\n")[0], "#:schema ./node_modules/task-app/schemas/deploy-config.schema.json");
      const check = await checkConfigFile(path.join(root, template, "deploy.toml"), {});
      assert.deepEqual(check.findings.filter((f) => f.severity === "error").map(formatFinding), []);
      assert.equal(check.kind, "deploy");
      const { loadDeployInputs, renderDeployFolder } = await import("../src/deploy/index.js");
      const { settings } = await loadDeployInputs({ cwd: path.join(root, template) });
      assert.equal(settings.name, `${template}-env`);
      assert.ok((await renderDeployFolder(settings)).has("base/deployment.yaml"));
    });

    it("binds the schemas in .taplo.toml and tombi.toml to files that exist in the package", async () => {
      const taplo = parseToml(await read(template, ".taplo.toml")) as { rule: Array<{ include: string[]; schema: { path: string } }> };
      const tombi = parseToml(await read(template, "tombi.toml")) as { schemas: Array<{ include: string[]; path: string }> };
      const paths = [...taplo.rule.map((r) => r.schema.path), ...tombi.schemas.map((s) => s.path)];
      assert.equal(paths.length, 8);
      for (const p of paths) {
        const rel = p.replace("./node_modules/task-app/", "");
        assert.ok(existsSync(path.join(packageRoot(), rel)), p);
      }
      assert.deepEqual(JSON.parse(await read(template, ".vscode/extensions.json")).recommendations, ["tamasfe.even-better-toml"]);
    });

    it("writes rubrics that the shipped rubric schema accepts, one outcome and one events", async () => {
      const schema = JSON.parse(await readFile(path.join(packageRoot(), "schemas", "rubric.schema.json"), "utf8"));
      const validate = new Ajv({ strict: false }).compile(schema);
      const outcome = JSON.parse(await read(template, "rubrics/outcome.json"));
      const events = JSON.parse(await read(template, "rubrics/events.json"));
      for (const part of [outcome, events]) assert.ok(validate(part), JSON.stringify(validate.errors));
      assert.ok(validate({ outcome: outcome.outcome, events: events.events }), JSON.stringify(validate.errors));
      assert.equal(outcome.$schema, "../node_modules/task-app/schemas/rubric.schema.json");
      assert.ok(outcome.outcome.criteria.length > 0 && events.events.criteria.length > 0);
      assert.ok(!validate({ outcome: { version: "1", criteria: [{ id: "x", description: "y", weight: 0 }] } }), "a zero weight is refused");
    });
  });
}

it("writes the dependency spec it is given", async () => {
  const result = await createTaskApp({ dir: path.join(root, "spec"), template: "math", taskAppSpec: "file:/tmp/task-app-0.1.0.tgz", environmentApiKey: false });
  const pkg = JSON.parse(await readFile(path.join(result.dir, "package.json"), "utf8"));
  assert.equal(pkg.dependencies["task-app"], "file:/tmp/task-app-0.1.0.tgz");
  assert.ok(!result.files.includes(".env"));
});

it("generates a different key for each project", async () => {
  const a = await createTaskApp({ dir: path.join(root, "key-a"), template: "math" });
  const b = await createTaskApp({ dir: path.join(root, "key-b"), template: "math" });
  const key = async (dir: string) => /^ENVIRONMENT_API_KEY=(.+)$/m.exec(await readFile(path.join(dir, ".env"), "utf8"))?.[1];
  const [ka, kb] = [await key(a.dir), await key(b.dir)];
  assert.ok(ka && kb && ka.length >= 32 && ka !== kb);
});
