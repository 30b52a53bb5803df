/**
 * generated/openapi.json: an OpenAPI 3.1 document that two independent
 * validators accept (Redocly's linter, Python's openapi-spec-validator),
 * whose components come from the Zod wire schemas (requests on the input
 * side, responses on the output side) and whose error responses match the
 * server's own tables (`ERROR_CODES`, and `PROXY_ERROR_CODES` for the vendor
 * proxy routes): every status and every code, nothing else.
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
import { OPERATION_ERROR_CODES, UNROUTED_ERROR_CODES } from "../src/codegen/openapi.js";
import { ERROR_CODES } from "../src/server/errors.js";
import { createTaskAppServer } from "../src/server/index.js";
import { PROXY_ERROR_CODES, PROXY_ROUTES } from "../src/server/vendor.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { findPython } from "./helpers/python.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const here = dirname(fileURLToPath(import.meta.url));

/** Status → codes of both server tables (the proxy's status rows joined to ERROR_CODES; its vendor row aside). */
const STATUS_CODES: Record<string, string[]> = {};
for (const table of [ERROR_CODES, PROXY_ERROR_CODES] as Record<string, readonly string[]>[]) {
  for (const [status, codes] of Object.entries(table)) {
    if (status !== "vendor") STATUS_CODES[status] = [...(STATUS_CODES[status] ?? []), ...codes];
  }
}
/** The codes of a vendor's own error, relayed with the vendor's status: documented as `default`. */
const VENDOR_CODES: readonly string[] = PROXY_ERROR_CODES.vendor;
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

test("Redocly lint: valid, no errors; warnings only for GET / (no 4XX) and the 404/405 responses no operation sends", () => {
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
  // GET / is public and cannot fail; 404 and 405 answer requests outside the
  // documented operations, so they are components no operation refers to.
  assert.deepEqual(warnings.sort(), [
    "no-unused-components #/components/responses/MethodNotAllowed",
    "no-unused-components #/components/responses/NotFound",
    "operation-4xx-response #/paths/~1/get/responses",
  ]);
});

const python = findPython(["openapi_spec_validator"]);
test("Python openapi-spec-validator accepts it as OpenAPI 3.1", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const run = spawnSync(python.python, [join(here, "python", "check_openapi.py"), file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /valid OpenAPIV3\.1/);
});

test("has the six routes and the two proxy routes; GET / is public, the rest take X-API-Key, X-API-Keys or a bearer token", () => {
  assert.equal(doc.openapi, "3.1.0");
  assert.deepEqual(Object.keys(doc.paths), ["/", "/health", "/info", "/task_info", "/rollout", "/done", PROXY_ROUTES.openai, PROXY_ROUTES.groq]);
  assert.deepEqual(doc.paths["/"].get.security, []);
  assert.deepEqual(doc.security, [{ ApiKey: [] }, { ApiKeys: [] }, { Bearer: [] }]);
  for (const path of Object.values(PROXY_ROUTES)) assert.deepEqual(doc.paths[path].post.security, doc.security, path);
  const schemes = doc.components.securitySchemes;
  assert.deepEqual([schemes.ApiKey.in, schemes.ApiKey.name], ["header", "X-API-Key"]);
  assert.deepEqual([schemes.ApiKeys.in, schemes.ApiKeys.name], ["header", "X-API-Keys"]);
  assert.deepEqual([schemes.Bearer.type, schemes.Bearer.scheme], ["http", "bearer"]);
});

/** The codes a response description lists after `detail.error.code`. */
function codesIn(description: string): string[] {
  const list = /`detail\.error\.code`: (.*)\.$/.exec(description)?.[1] ?? "";
  return [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** The status (or `default`) each code is documented under. */
const statusOf = new Map([
  ...Object.entries(STATUS_CODES).flatMap(([status, codes]) => codes.map((c) => [c, status] as const)),
  ...VENDOR_CODES.map((c) => [c, "default"] as const),
]);

/** The error responses of every operation: status → codes, by operationId. */
function operationErrors(): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const item of Object.values(doc.paths) as Json[]) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      if (method === "description") continue;
      const errors = new Map<string, string[]>();
      for (const [status, response] of Object.entries(op.responses) as [string, Json][]) {
        if (status === "200") continue;
        const name = /^#\/components\/responses\/(\w+)$/.exec(response.$ref ?? "")?.[1];
        assert.ok(name, `${op.operationId} ${status} refers to a response component`);
        const component = doc.components.responses[name];
        assert.ok(component, `${op.operationId} ${status}: ${name} exists`);
        errors.set(status, codesIn(response.description ?? component.description));
      }
      out.set(op.operationId, errors);
    }
  }
  return out;
}

test("one error response per status of ERROR_CODES and PROXY_ERROR_CODES, and one for the vendor's errors, listing exactly their codes, with the error body", () => {
  const responses = Object.values(doc.components.responses) as Json[];
  assert.equal(responses.length, Object.keys(STATUS_CODES).length + 1);
  const documented = new Map(responses.map((r) => [JSON.stringify(codesIn(r.description)), r]));
  for (const [status, codes] of [...Object.entries(STATUS_CODES), ["vendor", VENDOR_CODES] as const]) {
    const response = documented.get(JSON.stringify(codes));
    assert.ok(response, `status ${status} (${codes.join(", ")}) has a response component`);
    assert.deepEqual(response.content["application/json"].schema, { $ref: "#/components/schemas/ErrorBody" }, status);
  }
  assert.deepEqual(doc.components.schemas.ErrorBody.required, ["detail"]);
});

test("each operation's error statuses and codes come from ERROR_CODES and PROXY_ERROR_CODES, and every code is documented", () => {
  const sent = new Set<string>();
  for (const [operationId, errors] of operationErrors()) {
    const declared = OPERATION_ERROR_CODES[operationId as keyof typeof OPERATION_ERROR_CODES] as readonly string[] | undefined;
    assert.ok(declared, `${operationId} has declared error codes`);
    const expected = [...new Set(declared.map((c) => statusOf.get(c)!))].sort();
    assert.deepEqual([...errors.keys()].sort(), expected, `${operationId}: statuses of its codes`);
    for (const [status, codes] of errors) {
      const row = status === "default" ? VENDOR_CODES : STATUS_CODES[status];
      assert.ok(row, `${operationId}: ${status} is a status the server sends`);
      assert.ok(codes.length > 0, `${operationId} ${status} names its codes`);
      for (const code of codes) {
        assert.ok(row.includes(code), `${operationId} ${status}: ${code} is sent with ${status}`);
        assert.ok(declared.includes(code), `${operationId} ${status}: ${code} is declared for it`);
        sent.add(code);
      }
    }
  }
  const all = [...Object.values(ERROR_CODES), ...Object.values(PROXY_ERROR_CODES)].flat() as string[];
  for (const code of UNROUTED_ERROR_CODES) assert.ok(!sent.has(code), `${code} answers requests outside the operations`);
  assert.deepEqual([...sent, ...UNROUTED_ERROR_CODES].sort(), [...all].sort(), "every code of both tables is documented once");
  const rollout = doc.paths["/rollout"].post.responses;
  for (const s of ["400", "401", "413", "415", "422", "500", "503", "504"]) assert.ok(rollout[s], `POST /rollout ${s}`);
  assert.deepEqual(operationErrors().get("postRollout")!.get("422"), ["invalid_request", "limit_exceeded"]);
  assert.deepEqual(operationErrors().get("getTaskInfo")!.get("422"), ["invalid_seed"]);
  const unauthorised = doc.components.responses.Unauthorised.description as string;
  for (const code of ERROR_CODES[401]) assert.ok(unauthorised.includes(code));
});

test("404 and 405 are documented where they apply: unlisted paths and other methods", () => {
  assert.deepEqual(codesIn(doc.components.responses.NotFound.description), [...ERROR_CODES[404]]);
  assert.deepEqual(codesIn(doc.components.responses.MethodNotAllowed.description), [...ERROR_CODES[405]]);
  assert.match(doc.info.description, /A path not listed here answers 404 \(`not_found`, `NotFound`\)/);
  assert.match(doc.info.description, /answers 405 \(`method_not_allowed`, `MethodNotAllowed`\)/);
  for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
    const methods = Object.keys(item).filter((k) => k !== "description");
    assert.equal(methods.length, 1, `${path} takes one method`);
    assert.match(item.description, new RegExp(`^Takes ${methods[0]!.toUpperCase()}\\b.*answers 405`), path);
  }
});

test("the proxy routes: only when enabled, a chat-completions body, the vendor's JSON, and every error of PROXY_ERROR_CODES", () => {
  const errors = operationErrors();
  for (const [vendor, path] of Object.entries(PROXY_ROUTES) as [keyof typeof PROXY_ROUTES, string][]) {
    const flag = vendor === "openai" ? "proxy.enableOpenai" : "proxy.enableGroq";
    const item = doc.paths[path];
    assert.match(item.description, new RegExp(`Served only when the task app enables it \\(\`${flag.replace(".", "\\.")}\`\\); otherwise the path answers 404`), path);
    const op = item.post;
    assert.match(op.description, new RegExp(`^Present only when \`${flag.replace(".", "\\.")}\` is set\\.`), path);
    assert.deepEqual(op.requestBody, { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ChatCompletionsRequest" } } } });
    assert.deepEqual(op.responses["200"].content["application/json"].schema, { $ref: "#/components/schemas/ChatCompletionsResponse" });

    // Its own statuses: the proxy rows (502, 503 for its vendor key, 504) beside the shared ones.
    const own = errors.get(op.operationId)!;
    assert.deepEqual([...own.keys()], ["400", "401", "413", "415", "422", "500", "502", "503", "504", "default"], path);
    assert.deepEqual(own.get("502"), [...PROXY_ERROR_CODES[502]]);
    assert.deepEqual(own.get("503"), ["missing_environment_api_key", "shutting_down", "server_busy", PROXY_ERROR_CODES[503].find((c) => c.includes(vendor))], "shutdown aborts proxy calls too, and the in-flight body budget holds for their bodies");
    assert.deepEqual(own.get("504"), [...PROXY_ERROR_CODES[504]]);
    assert.deepEqual(own.get("default"), [...PROXY_ERROR_CODES.vendor]);
    assert.deepEqual(op.responses.default, { $ref: "#/components/responses/VendorError" });
  }
  for (const status of [502, 503, 504] as const) {
    const name = /(\w+)$/.exec(doc.paths[PROXY_ROUTES.openai].post.responses[status].$ref)![1]!;
    for (const code of PROXY_ERROR_CODES[status]) assert.ok(codesIn(doc.components.responses[name].description).includes(code), `${name} lists ${code}`);
  }
  assert.match(doc.components.responses.VendorError.description, /vendor's own status/);
  assert.match(doc.info.description, /served only when the task app enables them \(`proxy\.enableOpenai`, `proxy\.enableGroq`\)/);

  // The body: an object with messages (the chat message schema) and any other key; the answer: any JSON object.
  const schemas = doc.components.schemas;
  const request = schemas.ChatCompletionsRequest;
  assert.equal(request.type, "object");
  assert.deepEqual(request.required, ["messages"]);
  assert.deepEqual(request.properties.messages.items, { $ref: "#/components/schemas/ChatMessage" });
  assert.deepEqual(request.additionalProperties, {});
  assert.deepEqual(schemas.ChatMessage.properties.role.enum, ["system", "user", "assistant", "tool"]);
  assert.equal(schemas.ChatMessage.additionalProperties, undefined, "extra message fields pass through");
  assert.deepEqual([schemas.ChatCompletionsResponse.type, schemas.ChatCompletionsResponse.additionalProperties], ["object", {}]);
});

test("the server answers the proxy routes with documented statuses and codes, and 404 when they are not enabled", async () => {
  const closed = "http://127.0.0.1:9/v1/chat/completions";
  const proxy = { enableOpenai: true, enableGroq: true, openaiUrl: closed, groqUrl: closed };
  const key = "sk_env_openapi_0123456789abcdef";
  const headers = { "x-api-key": key, "content-type": "application/json" };
  const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "go" }] });
  const errors = operationErrors();
  const documented = async (res: Response, operationId: string) => {
    const code = ((await res.json()) as Json).detail.error.code as string;
    assert.ok(errors.get(operationId)!.get(String(res.status))?.includes(code), `${operationId}: ${res.status} ${code} is documented`);
    return code;
  };
  for (const [vendor, path] of Object.entries(PROXY_ROUTES)) {
    const operationId = doc.paths[path].post.operationId as string;
    const noVendorKey = createTaskAppServer(createMathApp({ proxy }), { env: { ENVIRONMENT_API_KEY: key } });
    assert.equal(await documented(await noVendorKey.request(path, { method: "POST", headers, body }), operationId), `missing_${vendor}_api_key`);
    assert.equal(await documented(await noVendorKey.request(path, { method: "POST", headers, body: "{" }), operationId), "invalid_json");
    const env = { ENVIRONMENT_API_KEY: key, OPENAI_API_KEY: "sk-openapi-test", GROQ_API_KEY: "gsk_openapi_test" };
    const unreachable = createTaskAppServer(createMathApp({ proxy }), { env });
    assert.equal(await documented(await unreachable.request(path, { method: "POST", headers, body }), operationId), "vendor_unreachable");
    const disabled = createTaskAppServer(createMathApp({}), { env });
    assert.equal((await disabled.request(path, { method: "POST", headers, body })).status, 404);
  }
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
  // Both wires: 0.2.x and the container era, told apart by the body's shape.
  assert.deepEqual(request, { anyOf: [{ $ref: "#/components/schemas/RolloutRequest" }, { $ref: "#/components/schemas/ContainerRolloutRequest" }] });
  assert.deepEqual([...schemas.ContainerRolloutRequest.required].sort(), ["env", "policy", "trace_correlation_id"]);
  assert.deepEqual([...schemas.ContainerRolloutResponse.required].sort(), ["reward_info", "trace_correlation_id"]);
  assert.ok(!("metrics" in schemas.ContainerRolloutResponse.properties), "metrics is never sent beside reward_info");
  // Input side: keys with defaults (ops, record, mode, ...) are optional.
  assert.deepEqual([...schemas.RolloutRequest.required].sort(), ["env", "policy", "run_id"]);
  // Output side: the same defaults make keys always present.
  assert.ok(schemas.RolloutResponse.required.includes("trajectories"));
  assert.ok(schemas.RolloutResponse.required.includes("aborted"));
  const response = doc.paths["/rollout"].post.responses["200"].content["application/json"].schema;
  assert.deepEqual(response, { anyOf: [{ $ref: "#/components/schemas/RolloutResponse" }, { $ref: "#/components/schemas/ContainerRolloutResponse" }] });
  for (const name of Object.keys(schemas)) assert.match(name, /^[A-Za-z0-9]+$/, `component name ${name}`);
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of refs) {
    const target = /#\/components\/(schemas|responses)\/([A-Za-z0-9]+)/.exec(ref);
    assert.ok(target, `${ref} points into components`);
    assert.ok(doc.components[target[1]!][target[2]!], `${ref} resolves`);
  }
});
