/**
 * The task-app HTTP contract as an OpenAPI 3.1 document, built from the same
 * Zod schemas the server validates with: request bodies on the input side,
 * responses on the output side. Error responses come from the server's own
 * tables (`ERROR_CODES`, and `PROXY_ERROR_CODES` for the vendor proxy
 * routes): one component per status listing its codes, one for a vendor's own
 * error relayed by a proxy route, and each operation documents the statuses
 * of the codes it can answer with.
 */
import { ContainerRolloutRequest, ContainerRolloutResponse } from "../schemas/container-rollout.js";
import { ErrorBody } from "../schemas/errors.js";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import {
  DoneResponse,
  HealthResponse,
  InfoResponse,
  RootResponse,
  TaskInfo,
  TasksetResponse,
} from "../schemas/task-info.js";
import { ERROR_CODES } from "../server/errors.js";
import { PROXY_ERROR_CODES, PROXY_ROUTES, type Vendor } from "../server/vendor.js";
import { ComponentSet } from "./components.js";
import type { JsonSchema } from "./json-schema.js";
import { ChatCompletionsRequest, ChatCompletionsResponse } from "./openapi-proxy.js";

/** Options for {@link generateOpenApi}. */
export interface OpenApiOptions {
  /** `info.version`: the package version. */
  version: string;
}

/** A status of the proxy routes' own error rows (the vendor's relayed errors aside). */
type ProxyErrorStatus = Exclude<keyof typeof PROXY_ERROR_CODES, "vendor">;
/** An error status the server sends. */
export type ErrorStatus = keyof typeof ERROR_CODES | ProxyErrorStatus;
/** An error code the server sends in `detail.error.code` with a status of its own. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES][number] | (typeof PROXY_ERROR_CODES)[ProxyErrorStatus][number];
/** A code of a vendor's own error, relayed by a proxy route with the vendor's status. */
export type VendorErrorCode = (typeof PROXY_ERROR_CODES)["vendor"][number];

/**
 * Every error status the server sends and its codes: the rows of
 * `ERROR_CODES`, joined by the status rows of `PROXY_ERROR_CODES`.
 */
export const DOCUMENTED_ERROR_CODES: Readonly<Record<ErrorStatus, readonly ErrorCode[]>> = (() => {
  const rows = new Map<number, ErrorCode[]>();
  for (const table of [ERROR_CODES, PROXY_ERROR_CODES] as Record<string, readonly string[]>[]) {
    for (const [status, codes] of Object.entries(table)) {
      if (status === "vendor") continue;
      rows.set(Number(status), [...(rows.get(Number(status)) ?? []), ...(codes as readonly ErrorCode[])]);
    }
  }
  return Object.fromEntries([...rows].sort(([a], [b]) => a - b)) as Record<ErrorStatus, ErrorCode[]>;
})();

/** Component name and summary of each error response. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; summary: string }> = {
  400: { name: "BadRequest", summary: "The body is not valid JSON" },
  401: { name: "Unauthorised", summary: "No presented API key matches" },
  404: { name: "NotFound", summary: "No such route" },
  405: { name: "MethodNotAllowed", summary: "The route does not take this method" },
  413: { name: "PayloadTooLarge", summary: "The body, one of its strings or its count of values exceeds a size limit" },
  415: { name: "UnsupportedMediaType", summary: "The body is not application/json" },
  422: { name: "UnprocessableEntity", summary: "The request does not match its schema, or passes a limit on nesting, array length or key count" },
  500: { name: "InternalError", summary: "The task app failed or returned an invalid result" },
  502: { name: "BadGateway", summary: "The vendor could not be reached" },
  503: { name: "Unavailable", summary: "An API key the route needs is not configured, the server is shutting down, or it holds too many request bodies at once" },
  504: { name: "GatewayTimeout", summary: "The rollout exceeded safety.max_time_s, or the vendor did not answer in time" },
};

/** Component name of the vendor's own error, documented as each proxy operation's `default` response. */
const VENDOR_ERROR_RESPONSE = "VendorError";

/** Every status of the documented error table, ascending. */
function errorStatuses(): ErrorStatus[] {
  return (Object.keys(DOCUMENTED_ERROR_CODES).map(Number) as ErrorStatus[]).sort((a, b) => a - b);
}

/** The status the server sends `code` with (its row in `DOCUMENTED_ERROR_CODES`). */
function statusOfCode(code: ErrorCode): ErrorStatus {
  const status = errorStatuses().find((s) => DOCUMENTED_ERROR_CODES[s].includes(code));
  if (status === undefined) throw new Error(`error code ${code} is not in ERROR_CODES or PROXY_ERROR_CODES`);
  return status;
}

/** Whether `code` is a vendor's own error (relayed with the vendor's status). */
function isVendorCode(code: string): code is VendorErrorCode {
  return (PROXY_ERROR_CODES.vendor as readonly string[]).includes(code);
}

/** Codes every route behind the API key can answer with. */
const GUARDED: readonly ErrorCode[] = ["unauthorised", "missing_environment_api_key", "internal_error"];

/** Codes every route that reads a JSON body can answer with. */
const JSON_BODY: readonly ErrorCode[] = ["invalid_json", "payload_too_large", "unsupported_media_type", "invalid_request", "server_busy"];

/** Codes of a proxy route: the shared ones, its vendor key, shutdown, an unreachable or slow vendor, and the vendor's own errors. */
function proxyCodes(vendor: Vendor) {
  return [
    ...GUARDED,
    ...JSON_BODY,
    `missing_${vendor}_api_key` as const,
    "shutting_down",
    ...PROXY_ERROR_CODES[502],
    ...PROXY_ERROR_CODES[504],
    ...PROXY_ERROR_CODES.vendor,
  ] satisfies readonly (ErrorCode | VendorErrorCode)[];
}

/** The error codes each operation can answer with, by operationId. */
export const OPERATION_ERROR_CODES = {
  getRoot: [],
  getHealth: GUARDED,
  getInfo: GUARDED,
  getTaskInfo: [...GUARDED, "invalid_seed", "invalid_task_info"],
  postRollout: [
    ...GUARDED,
    ...JSON_BODY,
    "limit_exceeded",
    "rollout_failed",
    "invalid_rollout_response",
    "shutting_down",
    "rollout_timeout",
  ],
  postDone: GUARDED,
  postProxyOpenai: proxyCodes("openai"),
  postProxyGroq: proxyCodes("groq"),
} as const satisfies Record<string, readonly (ErrorCode | VendorErrorCode)[]>;

/**
 * Codes no operation answers with: they answer requests outside the documented
 * operations (a path not listed, or a listed path with another method). Their
 * responses are documented as components and in the descriptions.
 */
export const UNROUTED_ERROR_CODES: readonly ErrorCode[] = ["not_found", "method_not_allowed"];

/** `\`a\`, \`b\`` for a list of codes. */
function codeList(codes: readonly string[]): string {
  return codes.map((c) => `\`${c}\``).join(", ");
}

/** `Summary. \`detail.error.code\`: \`a\`, \`b\`.` for a status and its codes. */
function errorDescription(status: ErrorStatus, codes: readonly string[]): string {
  return `${ERROR_RESPONSES[status].summary}. \`detail.error.code\`: ${codeList(codes)}.`;
}

/** The security requirement of every route behind the API key. */
const API_KEY_SECURITY = [{ ApiKey: [] }, { ApiKeys: [] }, { Bearer: [] }];

/** The config flag that serves each proxy route. */
const PROXY_FLAGS: Record<Vendor, string> = { openai: "proxy.enableOpenai", groq: "proxy.enableGroq" };

/** Returns the OpenAPI 3.1 document of the task-app HTTP API. */
export function generateOpenApi(options: OpenApiOptions): JsonSchema {
  const components = new ComponentSet();
  // Output side first: responses name the shared components.
  const out = {
    root: components.add(RootResponse, "output"),
    health: components.add(HealthResponse, "output"),
    info: components.add(InfoResponse, "output"),
    taskset: components.add(TasksetResponse, "output"),
    taskInfo: components.add(TaskInfo, "output"),
    rollout: components.add(RolloutResponse, "output"),
    containerRollout: components.add(ContainerRolloutResponse, "output"),
    done: components.add(DoneResponse, "output"),
    error: components.add(ErrorBody, "output"),
  };
  const vendorAnswer = components.add(ChatCompletionsResponse, "output");
  const rolloutRequest = components.add(RolloutRequest, "input");
  const containerRolloutRequest = components.add(ContainerRolloutRequest, "input");
  const chatRequest = components.add(ChatCompletionsRequest, "input");

  const ok = (description: string, schema: JsonSchema) => ({
    description,
    content: { "application/json": { schema } },
  });
  /**
   * Error responses of an operation: a reference to each status's component,
   * with a description naming only this operation's codes when it sends fewer
   * than the whole row; a vendor's own errors (any status) as `default`.
   */
  const errors = (codes: readonly (ErrorCode | VendorErrorCode)[]) => {
    const byStatus = new Map<ErrorStatus, ErrorCode[]>();
    let relaysVendorErrors = false;
    for (const code of codes) {
      if (isVendorCode(code)) {
        relaysVendorErrors = true;
        continue;
      }
      const status = statusOfCode(code);
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    const out: Record<string, JsonSchema> = Object.fromEntries(
      [...byStatus].sort(([a], [b]) => a - b).map(([status, own]) => {
        const all = DOCUMENTED_ERROR_CODES[status];
        const ordered = all.filter((c) => own.includes(c));
        const ref = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
        return [String(status), ordered.length === all.length ? ref : { ...ref, description: errorDescription(status, ordered) }];
      }),
    );
    if (relaysVendorErrors) out.default = { $ref: `#/components/responses/${VENDOR_ERROR_RESPONSE}` };
    return out;
  };
  /** Path-item description: the method the path takes; any other answers 405. */
  const onlyMethod = (method: "GET" | "POST") =>
    `Takes ${method === "GET" ? "GET (and HEAD, answered as GET)" : "POST"}; any other method answers 405 (\`method_not_allowed\`, \`MethodNotAllowed\`), except a CORS preflight when the task app allows origins.`;
  /** The path item of a vendor proxy route, served only when its flag is set. */
  const proxyPath = (vendor: Vendor, name: string, operationId: "postProxyOpenai" | "postProxyGroq") => {
    const keyName = `${vendor.toUpperCase()}_API_KEY`;
    return {
      description: `${onlyMethod("POST")} Served only when the task app enables it (\`${PROXY_FLAGS[vendor]}\`); otherwise the path answers 404 (\`not_found\`, \`NotFound\`).`,
      post: {
        operationId,
        summary: `Chat completions through ${name}`,
        description: `Present only when \`${PROXY_FLAGS[vendor]}\` is set. Sanitises the chat-completions body with synth-ai's rules and sends it to the configured ${name} URL (\`proxy.${vendor}Url\`) with the server's own ${name} key (\`${keyName}\`, else \`dev_${vendor}_api_key\` or \`DEV_${keyName}\`), never with the caller's headers; answers the vendor's JSON. The caller authenticates with the task app's API key, as on every other route. A vendor's error answer is relayed with its status as \`${VENDOR_ERROR_RESPONSE}\` (\`default\`).`,
        security: API_KEY_SECURITY,
        requestBody: { required: true, content: { "application/json": { schema: chatRequest } } },
        responses: {
          "200": ok(`${name}'s chat-completions response.`, vendorAnswer),
          ...errors(OPERATION_ERROR_CODES[operationId]),
        },
      },
    };
  };

  const paths = {
    "/": {
      description: onlyMethod("GET"),
      get: {
        operationId: "getRoot",
        summary: "Liveness",
        description: "Always public: answers without an API key.",
        security: [],
        responses: { "200": ok("The service is up.", out.root), ...errors(OPERATION_ERROR_CODES.getRoot) },
      },
    },
    "/health": {
      description: onlyMethod("GET"),
      get: {
        operationId: "getHealth",
        summary: "Health",
        description:
          "Health of the task app in the base shape ({healthy, auth}) and the soft shape ({status, authorized}) at once, so every synth-ai probe reads it.",
        responses: {
          "200": ok("The task app is healthy and the key is accepted.", out.health),
          ...errors(OPERATION_ERROR_CODES.getHealth),
        },
      },
    },
    "/info": {
      description: onlyMethod("GET"),
      get: {
        operationId: "getInfo",
        summary: "Service description",
        description: "Service identity, dataset, rubrics (null when none), inference hints, capabilities and limits.",
        responses: { "200": ok("The service description.", out.info), ...errors(OPERATION_ERROR_CODES.getInfo) },
      },
    },
    "/task_info": {
      description: onlyMethod("GET"),
      get: {
        operationId: "getTaskInfo",
        summary: "Taskset or task instances",
        description:
          "Without seeds: the taskset description. With seeds (repeated `seed` and/or `seeds`, also comma-separated, concatenated in that order): one TaskInfo for one seed, an array of TaskInfo for two or more.",
        parameters: ["seed", "seeds"].map((name) => ({
          name,
          in: "query",
          required: false,
          style: "form",
          explode: true,
          description: `Task instance seed(s); repeat \`${name}\` for several.`,
          schema: { type: "array", items: { type: "integer" } },
        })),
        responses: {
          "200": ok("The taskset (no seeds), one TaskInfo (one seed) or an array of TaskInfo (several seeds).", {
            oneOf: [out.taskset, out.taskInfo, { type: "array", items: out.taskInfo, minItems: 2 }],
          }),
          ...errors(OPERATION_ERROR_CODES.getTaskInfo),
        },
      },
    },
    "/rollout": {
      description: onlyMethod("POST"),
      post: {
        operationId: "postRollout",
        summary: "Run a rollout",
        description:
          "Runs one rollout of the policy in the environment. Two wires are served, told apart by the body's shape: a body with `trace_correlation_id` is synth-ai's container era (a `run_id` or `ops` beside it are ignored, as synth-ai's model ignores them) (`ContainerRolloutRequest`, answered with a `ContainerRolloutResponse`); any other is 0.2.x (`RolloutRequest`, answered with a `RolloutResponse`). In the container era a timeout or an executor failure is a 200 with `success_status` (`timeout`, `runtime_error`) and the error id in `status_detail`, refused context overrides a 200 with `success_status: apply_failed`; the 0.2.x wire answers those with 504 and 500.",
        requestBody: { required: true, content: { "application/json": { schema: { anyOf: [rolloutRequest, containerRolloutRequest] } } } },
        responses: {
          "200": ok("The rollout result, in the request's era.", { anyOf: [out.rollout, out.containerRollout] }),
          ...errors(OPERATION_ERROR_CODES.postRollout),
        },
      },
    },
    "/done": {
      description: onlyMethod("POST"),
      post: {
        operationId: "postDone",
        summary: "Signal the end of a run",
        description: "Tells the task app that the caller is done with it.",
        responses: { "200": ok("Acknowledged.", out.done), ...errors(OPERATION_ERROR_CODES.postDone) },
      },
    },
    [PROXY_ROUTES.openai]: proxyPath("openai", "OpenAI", "postProxyOpenai"),
    [PROXY_ROUTES.groq]: proxyPath("groq", "Groq", "postProxyGroq"),
  };

  // One component per status of the server's tables, routed or not, and the vendor's own error.
  const responses = Object.fromEntries([
    ...errorStatuses().map((status) => [
      ERROR_RESPONSES[status].name,
      {
        description: errorDescription(status, DOCUMENTED_ERROR_CODES[status]),
        content: { "application/json": { schema: out.error } },
      },
    ]),
    [
      VENDOR_ERROR_RESPONSE,
      {
        description: `A vendor's error answer, relayed by a proxy route with the vendor's own status (any 4xx or 5xx, so possibly one the operation also lists): the code depends on the vendor URL (api.openai.com, a URL containing "groq", any other), and \`detail.error\` also has \`status\` (the vendor's) and \`body\` (the vendor's JSON with any known key redacted, or \`{"raw": text}\`). \`detail.error.code\`: ${codeList(PROXY_ERROR_CODES.vendor)}.`,
        content: { "application/json": { schema: out.error } },
      },
    ],
  ]);

  return {
    openapi: "3.1.0",
    info: {
      title: "Task app HTTP API",
      version: options.version,
      description:
        "The HTTP contract of a task app (synth-ai compatible): health, service and task descriptions, rollouts, and the opt-in vendor proxy routes (`POST /proxy/v1/chat/completions` for OpenAI, `POST /proxy/groq/v1/chat/completions` for Groq), which are served only when the task app enables them (`proxy.enableOpenai`, `proxy.enableGroq`). Every route except `GET /` needs an API key in `X-API-Key`, `X-API-Keys` (comma-separated) or `Authorization: Bearer`. Errors use FastAPI's shape `{\"detail\": {\"error\": {\"code\", \"message\", ...}}}`; `components.responses` has one response per error status the server sends, with its codes, and `VendorError` for a vendor's error relayed by a proxy route. A path not listed here answers 404 (`not_found`, `NotFound`); a listed path called with a method it does not take answers 405 (`method_not_allowed`, `MethodNotAllowed`).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{baseUrl}",
        description: "Wherever the task app is served (a local port, a Modal URL, ...).",
        variables: { baseUrl: { default: "http://127.0.0.1:8001", description: "Base URL of the task app." } },
      },
    ],
    security: API_KEY_SECURITY,
    paths,
    components: {
      schemas: components.toJSON(),
      responses,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The environment API key." },
        ApiKeys: {
          type: "apiKey",
          in: "header",
          name: "X-API-Keys",
          description: "Comma-separated keys; access is granted when any of them is accepted.",
        },
        Bearer: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <key>`." },
      },
    },
  };
}
