/**
 * The task-app HTTP contract as an OpenAPI 3.1 document, built from the same
 * Zod schemas the server validates with: request bodies on the input side,
 * responses on the output side. Error responses come from the server's own
 * table (`ERROR_CODES`): one component per status listing its codes, and each
 * operation documents the statuses of the codes it can answer with.
 */
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
import { ComponentSet } from "./components.js";
import type { JsonSchema } from "./json-schema.js";

/** Options for {@link generateOpenApi}. */
export interface OpenApiOptions {
  /** `info.version`: the package version. */
  version: string;
}

/** An error status the server sends. */
export type ErrorStatus = keyof typeof ERROR_CODES;
/** An error code the server sends in `detail.error.code`. */
export type ErrorCode = (typeof ERROR_CODES)[ErrorStatus][number];

/** Component name and summary of each error response. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; summary: string }> = {
  400: { name: "BadRequest", summary: "The body is not valid JSON" },
  401: { name: "Unauthorised", summary: "No presented API key matches" },
  404: { name: "NotFound", summary: "No such route" },
  405: { name: "MethodNotAllowed", summary: "The route does not take this method" },
  413: { name: "PayloadTooLarge", summary: "The body exceeds the size limit" },
  415: { name: "UnsupportedMediaType", summary: "The body is not application/json" },
  422: { name: "UnprocessableEntity", summary: "The request does not match its schema" },
  500: { name: "InternalError", summary: "The task app failed or returned an invalid result" },
  503: { name: "Unavailable", summary: "No API key is configured, or the server is shutting down" },
  504: { name: "RolloutTimeout", summary: "The rollout exceeded safety.max_time_s" },
};

/** Every status of the server's error table, ascending. */
function errorStatuses(): ErrorStatus[] {
  return (Object.keys(ERROR_CODES).map(Number) as ErrorStatus[]).sort((a, b) => a - b);
}

/** The status the server sends `code` with (its row in `ERROR_CODES`). */
function statusOfCode(code: ErrorCode): ErrorStatus {
  const status = errorStatuses().find((s) => (ERROR_CODES[s] as readonly string[]).includes(code));
  if (status === undefined) throw new Error(`error code ${code} is not in ERROR_CODES`);
  return status;
}

/** Codes every route behind the API key can answer with. */
const GUARDED: readonly ErrorCode[] = ["unauthorised", "missing_environment_api_key", "internal_error"];

/** The error codes each operation can answer with, by operationId. */
export const OPERATION_ERROR_CODES = {
  getRoot: [],
  getHealth: GUARDED,
  getInfo: GUARDED,
  getTaskInfo: [...GUARDED, "invalid_seed", "invalid_task_info"],
  postRollout: [
    ...GUARDED,
    "invalid_json",
    "payload_too_large",
    "unsupported_media_type",
    "invalid_request",
    "rollout_failed",
    "invalid_rollout_response",
    "shutting_down",
    "rollout_timeout",
  ],
  postDone: GUARDED,
} as const satisfies Record<string, readonly ErrorCode[]>;

/**
 * Codes no operation answers with: they answer requests outside the documented
 * operations (a path not listed, or a listed path with another method). Their
 * responses are documented as components and in the descriptions.
 */
export const UNROUTED_ERROR_CODES: readonly ErrorCode[] = ["not_found", "method_not_allowed"];

/** `Summary. \`detail.error.code\`: \`a\`, \`b\`.` for a status and its codes. */
function errorDescription(status: ErrorStatus, codes: readonly string[]): string {
  return `${ERROR_RESPONSES[status].summary}. \`detail.error.code\`: ${codes.map((c) => `\`${c}\``).join(", ")}.`;
}

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
    done: components.add(DoneResponse, "output"),
    error: components.add(ErrorBody, "output"),
  };
  const rolloutRequest = components.add(RolloutRequest, "input");

  const ok = (description: string, schema: JsonSchema) => ({
    description,
    content: { "application/json": { schema } },
  });
  /**
   * Error responses of an operation: a reference to each status's component,
   * with a description naming only this operation's codes when it sends fewer
   * than the whole row.
   */
  const errors = (codes: readonly ErrorCode[]) => {
    const byStatus = new Map<ErrorStatus, ErrorCode[]>();
    for (const code of codes) {
      const status = statusOfCode(code);
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    return Object.fromEntries(
      [...byStatus].sort(([a], [b]) => a - b).map(([status, own]) => {
        const all = ERROR_CODES[status] as readonly string[];
        const ordered = all.filter((c) => (own as readonly string[]).includes(c));
        const ref = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
        return [String(status), ordered.length === all.length ? ref : { ...ref, description: errorDescription(status, ordered) }];
      }),
    );
  };
  /** Path-item description: the method the path takes; any other answers 405. */
  const onlyMethod = (method: "GET" | "POST") =>
    `Takes ${method === "GET" ? "GET (and HEAD, answered as GET)" : "POST"}; any other method answers 405 (\`method_not_allowed\`, \`MethodNotAllowed\`), except a CORS preflight when the task app allows origins.`;

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
        description: "Runs one rollout of the policy in the environment and returns its trajectories and metrics.",
        requestBody: { required: true, content: { "application/json": { schema: rolloutRequest } } },
        responses: {
          "200": ok("The rollout result.", out.rollout),
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
  };

  // One component per status of the server's table, routed or not.
  const responses = Object.fromEntries(
    errorStatuses().map((status) => [
      ERROR_RESPONSES[status].name,
      {
        description: errorDescription(status, ERROR_CODES[status]),
        content: { "application/json": { schema: out.error } },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    info: {
      title: "Task app HTTP API",
      version: options.version,
      description:
        "The HTTP contract of a task app (synth-ai compatible): health, service and task descriptions, rollouts. Every route except `GET /` needs an API key in `X-API-Key`, `X-API-Keys` (comma-separated) or `Authorization: Bearer`. Errors use FastAPI's shape `{\"detail\": {\"error\": {\"code\", \"message\", ...}}}`; `components.responses` has one response per error status the server sends, with its codes. A path not listed here answers 404 (`not_found`, `NotFound`); a listed path called with a method it does not take answers 405 (`method_not_allowed`, `MethodNotAllowed`).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{baseUrl}",
        description: "Wherever the task app is served (a local port, a Modal URL, ...).",
        variables: { baseUrl: { default: "http://127.0.0.1:8001", description: "Base URL of the task app." } },
      },
    ],
    security: [{ ApiKey: [] }, { ApiKeys: [] }, { Bearer: [] }],
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
