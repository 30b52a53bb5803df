/**
 * The task-app HTTP contract as an OpenAPI 3.1 document, built from the same
 * Zod schemas the server validates with: request bodies on the input side,
 * responses on the output side. Error statuses and their codes come from the
 * server's own table (`ERROR_CODES`).
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

type ErrorStatus = keyof typeof ERROR_CODES;

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

/** Errors every guarded route can answer with. */
const GUARDED: ErrorStatus[] = [401, 500, 503];

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
  const errors = (statuses: ErrorStatus[]) =>
    Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/${ERROR_RESPONSES[s].name}` }]));

  const paths = {
    "/": {
      get: {
        operationId: "getRoot",
        summary: "Liveness",
        description: "Always public: answers without an API key.",
        security: [],
        responses: { "200": ok("The service is up.", out.root) },
      },
    },
    "/health": {
      get: {
        operationId: "getHealth",
        summary: "Health",
        description:
          "Health of the task app in the base shape ({healthy, auth}) and the soft shape ({status, authorized}) at once, so every synth-ai probe reads it.",
        responses: { "200": ok("The task app is healthy and the key is accepted.", out.health), ...errors(GUARDED) },
      },
    },
    "/info": {
      get: {
        operationId: "getInfo",
        summary: "Service description",
        description: "Service identity, dataset, rubrics (null when none), inference hints, capabilities and limits.",
        responses: { "200": ok("The service description.", out.info), ...errors(GUARDED) },
      },
    },
    "/task_info": {
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
          ...errors([...GUARDED, 422]),
        },
      },
    },
    "/rollout": {
      post: {
        operationId: "postRollout",
        summary: "Run a rollout",
        description: "Runs one rollout of the policy in the environment and returns its trajectories and metrics.",
        requestBody: { required: true, content: { "application/json": { schema: rolloutRequest } } },
        responses: {
          "200": ok("The rollout result.", out.rollout),
          ...errors([400, ...GUARDED, 413, 415, 422, 504]),
        },
      },
    },
    "/done": {
      post: {
        operationId: "postDone",
        summary: "Signal the end of a run",
        description: "Tells the task app that the caller is done with it.",
        responses: { "200": ok("Acknowledged.", out.done), ...errors(GUARDED) },
      },
    },
  };

  const statuses = [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((op) => Object.keys(op.responses))))]
    .filter((s) => s !== "200")
    .map((s) => Number(s) as ErrorStatus)
    .sort((a, b) => a - b);
  const responses = Object.fromEntries(
    statuses.map((status) => {
      const codes = ERROR_CODES[status].map((c) => `\`${c}\``).join(", ");
      return [
        ERROR_RESPONSES[status].name,
        {
          description: `${ERROR_RESPONSES[status].summary}. \`detail.error.code\`: ${codes}.`,
          content: { "application/json": { schema: out.error } },
        },
      ];
    }),
  );

  return {
    openapi: "3.1.0",
    info: {
      title: "Task app HTTP API",
      version: options.version,
      description:
        "The HTTP contract of a task app (synth-ai compatible): health, service and task descriptions, rollouts. Every route except `GET /` needs an API key in `X-API-Key`, `X-API-Keys` (comma-separated) or `Authorization: Bearer`. Errors use FastAPI's shape `{\"detail\": {\"error\": {\"code\", \"message\", ...}}}`.",
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
