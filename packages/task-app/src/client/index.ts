/**
 * `createTaskAppClient`: a typed client of the task-app HTTP API, built with
 * openapi-fetch over the generated OpenAPI types (generated/openapi.d.ts).
 * Like synth-ai's `TaskAppClient`, the key goes out in `X-API-Key`,
 * `Authorization: Bearer` and `X-API-Keys` (key plus aliases). Unlike it:
 *
 * - redirects to another origin are refused ({@link TaskAppRedirectError})
 *   before anything is sent there; same-origin redirects are followed;
 * - retries happen only where they cannot repeat work (see `./retry.ts`):
 *   a refused connection for any call, and network errors, try timeouts and
 *   502/503/504 for GETs; `POST /rollout` is never sent twice;
 * - each try times out (`timeoutMs`) and the whole call, tries, waits and
 *   body included, has a deadline (`deadlineMs`, 600 s by default);
 * - response bodies are read up to `maxResponseBytes` (64 MiB by default).
 *
 * Responses are parsed leniently with the same Zod schemas the server uses
 * (unknown keys dropped where the schema drops them) and a body that breaks
 * the contract is reported with the path of each problem.
 */
import createClient from "openapi-fetch";
import { z } from "../zod.js";
import type { components, paths } from "../../generated/openapi.js";
import { formatPath } from "../config/findings.js";
import { ContainerRolloutResponse } from "../schemas/container-rollout.js";
import { RolloutResponse } from "../schemas/rollout.js";
import { DoneResponse, HealthResponse, InfoResponse, TaskInfo, TasksetResponse } from "../schemas/task-info.js";
import {
  TaskAppContractError,
  TaskAppHttpError,
  TaskAppNetworkError,
  TaskAppRedirectError,
  TaskAppResponseTooLargeError,
} from "./errors.js";
import { parseAnswerBody } from "./parse.js";
import { RetriesExhausted, withRetries } from "./retry.js";
import { BodyTooLarge, createTransport, RedirectRefused } from "./transport.js";

export {
  TaskAppContractError,
  TaskAppHttpError,
  TaskAppNetworkError,
  TaskAppRedirectError,
  TaskAppResponseTooLargeError,
  type ContractIssue,
} from "./errors.js";
import { splitUrlCredentials } from "../http/url.js";

/** Default of {@link TaskAppClientOptions.deadlineMs}: 600 s, synth-ai's timeout, for a whole call. */
export const DEFAULT_DEADLINE_MS = 600_000;
/** Default of {@link TaskAppClientOptions.maxResponseBytes}: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Schemas of the HTTP contract, as generated from the OpenAPI document. */
export type TaskAppSchemas = components["schemas"];
export type RolloutRequestBody = TaskAppSchemas["RolloutRequest"];
export type RolloutResult = TaskAppSchemas["RolloutResponse"];
export type TaskInfoResult = TaskAppSchemas["TaskInfo"];
export type TasksetResult = TaskAppSchemas["TasksetResponse"];
export type InfoResult = TaskAppSchemas["InfoResponse"];
export type HealthResult = TaskAppSchemas["HealthResponse"];
export type DoneResult = TaskAppSchemas["DoneResponse"];
export type ContainerRolloutRequestBody = TaskAppSchemas["ContainerRolloutRequest"];
export type ContainerRolloutResult = TaskAppSchemas["ContainerRolloutResponse"];

/** The rollout wire a client speaks: 0.2.x (`run_id`, `ops`, `metrics`) or synth-ai's container era (`trace_correlation_id`, `reward_info`). */
export type Wire = "0.2" | "container";
/** The request body of `wire`. */
export type RolloutRequestOf<W extends Wire> = W extends "container" ? ContainerRolloutRequestBody : RolloutRequestBody;
/** The answer of `wire`. */
export type RolloutResultOf<W extends Wire> = W extends "container" ? ContainerRolloutResult : RolloutResult;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A container-era answer as synth-ai reads it: `metrics` is accepted as an
 * alias of `reward_info`, never beside it.
 */
export const ContainerAnswer = z
  .unknown()
  .superRefine((v, ctx) => {
    if (isRecord(v) && "metrics" in v && "reward_info" in v)
      ctx.addIssue({ code: "custom", path: ["metrics"], message: "metrics beside reward_info (metrics is only an alias of reward_info)" });
  })
  .transform((v) => {
    if (!isRecord(v) || !("metrics" in v) || "reward_info" in v) return v;
    const { metrics, ...rest } = v;
    return { ...rest, reward_info: metrics };
  })
  .pipe(ContainerRolloutResponse);

/** Options of {@link createTaskAppClient}. */
export interface TaskAppClientOptions<W extends Wire = "0.2"> {
  /** The rollout wire `rollout()` speaks (default "0.2"); `/info`'s `rollout_wire` says what an app prefers. */
  wire?: W;
  /** Base URL of the task app, e.g. `http://127.0.0.1:8001`. */
  baseUrl: string;
  /** The environment API key; sent in `X-API-Key`, `Authorization: Bearer` and `X-API-Keys`. */
  apiKey?: string;
  /** More keys for `X-API-Keys` (synth-ai sends `ENVIRONMENT_API_KEY_ALIASES` there). */
  apiKeyAliases?: readonly string[];
  /** Milliseconds before one try is aborted (default: the deadline). */
  timeoutMs?: number;
  /**
   * Milliseconds for a whole call: every try, the waits between them and
   * reading the body (default 600 000). When it passes the call fails with a
   * {@link TaskAppNetworkError}; a long rollout needs a longer deadline.
   */
  deadlineMs?: number;
  /**
   * Attempts per call, including the first (default 3). Only retried where a
   * second try cannot repeat work: a refused connection (any call), and
   * network errors, try timeouts and 502/503/504 answers for GETs. A POST that
   * may have reached the app (`/rollout`, `/done`) is never sent again.
   */
  tries?: number;
  /**
   * Largest response body read, in bytes (default 64 MiB). A larger body
   * (declared or streamed) stops the read and fails the call with a
   * {@link TaskAppResponseTooLargeError}.
   */
  maxResponseBytes?: number;
  /** Milliseconds to wait after failed try `n` (default `100 * n`). */
  backoffMs?: (attempt: number) => number;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client of one task app, speaking rollout wire `W`. */
export interface TaskAppClient<W extends Wire = "0.2"> {
  /** The rollout wire of `rollout()`. */
  readonly wire: W;
  /** `GET /health`. */
  health(): Promise<HealthResult>;
  /** `GET /info`. */
  info(): Promise<InfoResult>;
  /** `GET /task_info` without seeds: the taskset description. */
  taskInfo(): Promise<TasksetResult>;
  /** `GET /task_info?seed=n`: the TaskInfo of one instance. */
  taskInfo(seed: number): Promise<TaskInfoResult>;
  /** `GET /task_info?seed=a&seed=b…`: one TaskInfo per seed, in order (an array even for one seed). */
  taskInfo(seeds: readonly number[]): Promise<TaskInfoResult[]>;
  /** `POST /rollout` in the client's wire; the answer is checked against that era's schema. */
  rollout(request: RolloutRequestOf<W>): Promise<RolloutResultOf<W>>;
  /** `POST /done`. */
  done(): Promise<DoneResult>;
}

/** Headers synth-ai's client sends for a key: `X-API-Key`, `Authorization: Bearer`, `X-API-Keys` (key first, then aliases). */
export function authHeaders(apiKey: string | undefined, aliases: readonly string[] = []): Record<string, string> {
  const key = apiKey?.trim();
  if (!key) return {};
  const all = [key, ...aliases.map((a) => a.trim()).filter((a) => a && a !== key)];
  return { "X-API-Key": key, Authorization: `Bearer ${key}`, "X-API-Keys": all.join(",") };
}

/**
 * Creates a typed client of the task app at `options.baseUrl`.
 *
 * Keys are sent only to that origin: a redirect elsewhere fails the call with
 * a {@link TaskAppRedirectError} and nothing (no key header, no body) is sent
 * to the other origin. Redirects within the origin are followed (up to 5).
 */
export function createTaskAppClient<W extends Wire = "0.2">(options: TaskAppClientOptions<W>): TaskAppClient<W> {
  const wire = (options.wire ?? "0.2") as W;
  const tries = options.tries ?? 3;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const transport = createTransport(options.fetch ?? ((request) => globalThis.fetch(request)), {
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    maxRedirects: 5,
  });
  // Credentials in the URL (a gateway's) travel as Basic authorization, which fetch needs; the key still goes as X-API-Key.
  const base = splitUrlCredentials(options.baseUrl);
  const client = createClient<paths>({
    baseUrl: base.url.replace(/\/+$/, ""),
    headers: { ...authHeaders(options.apiKey, options.apiKeyAliases), ...options.headers, ...(base.authorization ? { Authorization: base.authorization } : {}) },
  });

  /** Every call reads its answer as bytes; `call` parses it (parse.ts). */
  type Init = { fetch: (request: Request) => Promise<Response>; signal: AbortSignal; parseAs: "arrayBuffer" };
  /** Runs one call under its deadline, turning failures into the client's errors and checking the body against `schema`. */
  async function call<T>(
    operation: string,
    schema: z.ZodType,
    send: (init: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>,
  ): Promise<T> {
    const deadline = AbortSignal.timeout(deadlineMs);
    let attempts = 0;
    const fetch = withRetries(transport, {
      tries,
      backoffMs: options.backoffMs ?? ((n) => 100 * n),
      timeoutMs: options.timeoutMs ?? deadlineMs,
      onAttempt: (n) => void (attempts = n),
    });
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send({ fetch, signal: deadline, parseAs: "arrayBuffer" });
    } catch (error) {
      const cause = error instanceof RetriesExhausted ? error.lastError : error;
      if (deadline.aborted) throw new TaskAppNetworkError(operation, attempts, { cause: new Error(`no complete answer within the ${deadlineMs} ms deadline (deadlineMs)`) });
      if (cause instanceof RedirectRefused) throw new TaskAppRedirectError(operation, cause.status, cause.target, { cause });
      if (cause instanceof BodyTooLarge) throw new TaskAppResponseTooLargeError(operation, cause.limitBytes);
      if (error instanceof RetriesExhausted) throw new TaskAppNetworkError(operation, error.attempts, { cause: error.lastError, url: base.url });
      if (error instanceof SyntaxError) throw new TaskAppContractError(operation, [{ path: "", message: `body is not JSON: ${error.message}` }], undefined);
      throw error;
    }
    const { response } = result;
    if (!response.ok) {
      const body = result.error;
      const detail = (body as { detail?: { error?: { code?: unknown; message?: unknown } } } | undefined)?.detail?.error;
      const code = typeof detail?.code === "string" ? detail.code : undefined;
      const message = typeof detail?.message === "string" ? detail.message : response.statusText || "error";
      throw new TaskAppHttpError(operation, response.status, code, body, message);
    }
    let data: unknown;
    try {
      data = await parseAnswerBody(result.data, response);
    } catch (error) {
      if (error instanceof SyntaxError) throw new TaskAppContractError(operation, [{ path: "", message: `body is not JSON: ${error.message}` }], undefined);
      throw error;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
      throw new TaskAppContractError(operation, issues, data);
    }
    return parsed.data as T;
  }

  async function taskInfo(seeds?: number | readonly number[]): Promise<TasksetResult | TaskInfoResult | TaskInfoResult[]> {
    if (seeds === undefined) {
      return call<TasksetResult>("GET /task_info", TasksetResponse, (init) => client.GET("/task_info", init));
    }
    const list = typeof seeds === "number" ? [seeds] : [...seeds];
    const infos = await call<TaskInfoResult | TaskInfoResult[]>(
      "GET /task_info",
      list.length === 1 ? TaskInfo : TaskInfo.array(),
      (init) => client.GET("/task_info", { ...init, params: { query: { seed: list } } }),
    );
    if (typeof seeds === "number") return infos as TaskInfoResult;
    return Array.isArray(infos) ? infos : [infos];
  }

  return {
    wire,
    health: () => call("GET /health", HealthResponse, (init) => client.GET("/health", init)),
    info: () => call("GET /info", InfoResponse, (init) => client.GET("/info", init)),
    taskInfo: taskInfo as TaskAppClient["taskInfo"],
    rollout: (request) =>
      call<RolloutResultOf<W>>("POST /rollout", wire === "container" ? ContainerAnswer : RolloutResponse, (init) =>
        client.POST("/rollout", { ...init, body: request as RolloutRequestBody | ContainerRolloutRequestBody }),
      ),
    done: () => call("POST /done", DoneResponse, (init) => client.POST("/done", init)),
  };
}
