/**
 * generated/openapi.json: an OpenAPI 3.1 document that two independent
 * validators accept (Redocly's linter, Python's openapi-spec-validator),
 * whose components come from the Zod wire schemas (requests on the input
 * side, responses on the output side) and whose error responses match the
 * server's own status table.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { generateArtifacts } from "../src/codegen/index.js";
import { ERROR_CODES } from "../src/server/errors.js";
import { findPython } from "./helpers/python.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
let dir = "";
let file = "";
let doc: Json = {};

before(async () => {
  const files = await generateArtifacts();
  dir = await mkdtemp(join(tmpdir(), "openapi-"));
  file = join(dir, "openapi.json");
  await writeFile(file, files.get("generated/openapi.json")!);
  doc = JSON.parse(files.get("generated/openapi.json")!) as Json;
});
after(() => rm(dir, { recursive: true, force: true }));

test("Redocly lint: valid, no errors; the one warning is GET / having no 4XX (it has none)", () => {
  const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const run = spawnSync(process.execPath, [cli, "lint", file, "--format=json"], {
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    timeout: 120_000,
  });
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; location: { pointer: string }[] }[];
  };
  assert.equal(report.totals.errors, 0, JSON.stringify(report.problems, null, 2));
  assert.equal(run.status, 0);
  const warnings = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
  assert.deepEqual(warnings, ["operation-4xx-response #/paths/~1/get/responses"]);
});

const python = findPython(["openapi_spec_validator"]);
test("Python openapi-spec-validator accepts it as OpenAPI 3.1", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const run = spawnSync(python.python, [join(here, "python", "check_openapi.py"), file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /valid OpenAPIV3\.1/);
});

test("has the six routes; GET / is public, the rest take X-API-Key, X-API-Keys or a bearer token", () => {
  assert.equal(doc.openapi, "3.1.0");
  assert.deepEqual(Object.keys(doc.paths), ["/", "/health", "/info", "/task_info", "/rollout", "/done"]);
  assert.deepEqual(doc.paths["/"].get.security, []);
  assert.deepEqual(doc.security, [{ ApiKey: [] }, { ApiKeys: [] }, { Bearer: [] }]);
  const schemes = doc.components.securitySchemes;
  assert.deepEqual([schemes.ApiKey.in, schemes.ApiKey.name], ["header", "X-API-Key"]);
  assert.deepEqual([schemes.ApiKeys.in, schemes.ApiKeys.name], ["header", "X-API-Keys"]);
  assert.deepEqual([schemes.Bearer.type, schemes.Bearer.scheme], ["http", "bearer"]);
});

test("every error status the server uses is documented with the error body and its codes", () => {
  const statuses = new Set<string>();
  for (const item of Object.values(doc.paths) as Json[]) {
    for (const op of Object.values(item) as Json[]) for (const s of Object.keys(op.responses)) statuses.add(s);
  }
  for (const s of ["400", "401", "413", "415", "422", "500", "503"]) assert.ok(statuses.has(s), `${s} documented`);
  for (const [name, response] of Object.entries(doc.components.responses) as [string, Json][]) {
    assert.deepEqual(response.content["application/json"].schema, { $ref: "#/components/schemas/ErrorBody" }, name);
  }
  const rollout = doc.paths["/rollout"].post.responses;
  for (const s of ["400", "401", "413", "415", "422", "500", "503"]) assert.ok(rollout[s], `POST /rollout ${s}`);
  const unauthorised = doc.components.responses.Unauthorised.description as string;
  for (const code of ERROR_CODES[401]) assert.ok(unauthorised.includes(code));
  const body = doc.components.schemas.ErrorBody;
  assert.deepEqual(body.required, ["detail"]);
});

test("GET /task_info takes repeated seed/seeds and answers a taskset, one TaskInfo or an array", () => {
  const op = doc.paths["/task_info"].get;
  assert.deepEqual(
    op.parameters.map((p: Json) => [p.name, p.in, p.explode, p.schema.type, p.schema.items.type]),
    [
      ["seed", "query", true, "array", "integer"],
      ["seeds", "query", true, "array", "integer"],
    ],
  );
  const alternatives = op.responses["200"].content["application/json"].schema.oneOf as Json[];
  assert.deepEqual(alternatives.slice(0, 2), [
    { $ref: "#/components/schemas/TasksetResponse" },
    { $ref: "#/components/schemas/TaskInfo" },
  ]);
  assert.equal(alternatives[2]!.type, "array");
});

test("components come from the Zod schemas: requests input side, responses output side", () => {
  const schemas = doc.components.schemas;
  const request = doc.paths["/rollout"].post.requestBody.content["application/json"].schema;
  assert.deepEqual(request, { $ref: "#/components/schemas/RolloutRequest" });
  // Input side: keys with defaults (ops, record, mode, ...) are optional.
  assert.deepEqual([...schemas.RolloutRequest.required].sort(), ["env", "policy", "run_id"]);
  // Output side: the same defaults make keys always present.
  assert.ok(schemas.RolloutResponse.required.includes("trajectories"));
  assert.ok(schemas.RolloutResponse.required.includes("aborted"));
  const response = doc.paths["/rollout"].post.responses["200"].content["application/json"].schema;
  assert.deepEqual(response, { $ref: "#/components/schemas/RolloutResponse" });
  for (const name of Object.keys(schemas)) assert.match(name, /^[A-Za-z0-9]+$/, `component name ${name}`);
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of refs) {
    const target = /#\/components\/(schemas|responses)\/([A-Za-z0-9]+)/.exec(ref);
    assert.ok(target, `${ref} points into components`);
    assert.ok(doc.components[target[1]!][target[2]!], `${ref} resolves`);
  }
});
