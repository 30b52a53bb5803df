/**
 * The in-process configuration of a task app (CONTRACT.md §4.1), authored in
 * camelCase. It never travels over the wire: the wire and TOML keys keep
 * their own spelling. Callbacks may be sync or async; they are checked to be
 * functions, and what they return is validated by the server.
 */
import { z } from "../zod.js";
import type { Logger } from "pino";
import type { TaskDatasetRegistry } from "../runtime/datasets.js";
import type { SessionTracer } from "../tracing/tracer.js";
import { DEFAULT_MAX_BODY_BYTES } from "./limit-defaults.js";
import { RubricBundle } from "./rubric.js";
import type { ContextOverride } from "./container-rollout.js";
import type { RolloutRequest } from "./rollout.js";
import type { RolloutResultInput } from "./rollout-result.js";
import { TaskInfo, type TaskInfoInput } from "./task-info.js";

/** A value or a promise of it: every callback may be sync or async. */
export type MaybePromise<T> = T | Promise<T>;

/** What a rollout executor receives besides the request. */
export interface RolloutContext {
  /** Aborted when `safety.max_time_s` passes, the client disconnects, or the server shuts down. */
  signal: AbortSignal;
  /** The incoming HTTP request (headers, URL). Its body has been consumed. */
  request: Request;
  /** The app being served. */
  app: TaskApp;
  /** Request-scoped logger. */
  log: Logger;
  /**
   * The rollout's session tracer (tracing v3): record turns, LM calls,
   * environment steps, messages and rewards. The server returns what it
   * recorded when `record.return_trace` is set and hands it to a trace store.
   */
  tracer: SessionTracer;
  /**
   * The wire the request came on: "0.2" (`run_id`, `ops`, `record`) or
   * "container" (synth-ai's container era, keyed by `trace_correlation_id`).
   * The request is handed over in the 0.2.x shape either way (a container
   * request's `run_id` is its `trace_correlation_id`).
   */
  wire: "0.2" | "container";
  /** The container-era `trace_correlation_id` (also in the tracer's metadata); undefined on the 0.2.x wire. */
  traceCorrelationId: string | undefined;
  /**
   * The container-era context overrides that passed the server's checks (no
   * `..` or absolute path, no PATH or loader variable, sizes bounded), in
   * request order; empty on the 0.2.x wire. Applying them (writing the files
   * into the agent's workspace, setting the variables, running the script) is
   * the executor's part; report each, in this order, in the result's
   * `override_application_results` (unreported ones are answered "skipped").
   */
  contextOverrides: readonly ContextOverride[];
  /** The container-era `override_bundle_id`, if any. */
  overrideBundleId: string | undefined;
}

/** `describeTaskset()`: the body of `GET /task_info` without seeds. */
export type DescribeTaskset = () => MaybePromise<Record<string, unknown>>;
/** `provideTaskInstances(seeds)`: one TaskInfo per seed, in order. */
export type ProvideTaskInstances = (seeds: number[]) => MaybePromise<Iterable<TaskInfoInput>>;
/** The rollout executor. */
export type RolloutExecutor = (request: RolloutRequest, context: RolloutContext) => MaybePromise<RolloutResultInput>;
/** A startup or shutdown hook; it receives the app. */
export type LifecycleHook = (app: TaskApp) => MaybePromise<void>;

const fn = <F>(description: string) =>
  z.custom<F>((v) => typeof v === "function", { message: "expected a function" }).meta({ description });

/** Vendor proxy settings (CONTRACT.md §4.3); the routes and their sanitisation follow §2 and §8. */
export const ProxyConfig = z
  .strictObject({
    enableOpenai: z.boolean().default(false).meta({
      description:
        "Serve POST /proxy/v1/chat/completions: the chat-completions body is sanitised and sent to openaiUrl with OPENAI_API_KEY (else dev_openai_api_key or DEV_OPENAI_API_KEY); 503 missing_openai_api_key when none is set.",
    }),
    enableGroq: z.boolean().default(false).meta({
      description:
        "Serve POST /proxy/groq/v1/chat/completions: the same for groqUrl with GROQ_API_KEY (else dev_groq_api_key or DEV_GROQ_API_KEY); 503 missing_groq_api_key when none is set.",
    }),
    systemHint: z.string().nullable().optional().meta({ description: "Appended to the leading system message of each proxied request, or inserted as one." }),
    openaiUrl: z.url().default("https://api.openai.com/v1/chat/completions").meta({ description: "Where the OpenAI route sends requests." }),
    groqUrl: z.url().default("https://api.groq.com/openai/v1/chat/completions").meta({ description: "Where the Groq route sends requests." }),
  })
  .meta({ id: "ProxyConfig", description: "Vendor proxy routes, behind the app's API key like every other route." });
export type ProxyConfig = z.infer<typeof ProxyConfig>;

/** Server limits. */
export const TaskAppLimits = z
  .strictObject({
    maxBodyBytes: z.number().int().positive().default(DEFAULT_MAX_BODY_BYTES).meta({
      description: "Largest request body accepted, in bytes (413 beyond). Default 64 MiB, room for image-heavy rollouts.",
      examples: [64 * 1024 * 1024],
    }),
    maxDepth: z.number().int().positive().default(64).meta({
      description: "Deepest nesting of arrays and objects in a rollout request body (422 limit_exceeded beyond). Checked on the text before it is parsed, as are the four limits below.",
      examples: [64],
    }),
    maxArrayLength: z.number().int().positive().default(10_000).meta({
      description: "Most elements of any one array in a rollout request body, `ops` included (422 limit_exceeded beyond).",
      examples: [10_000],
    }),
    maxObjectKeys: z.number().int().positive().default(10_000).meta({
      description: "Most keys of any one object in a rollout request body, `env.config` and `policy.config` included (422 limit_exceeded beyond).",
      examples: [10_000],
    }),
    maxStringLength: z.number().int().positive().default(16 * 1024 * 1024).meta({
      description: "Longest string (or key) in a rollout request body, in characters as sent, escapes included (413 payload_too_large beyond). Default 16 Mi, room for an inline image.",
      examples: [16 * 1024 * 1024],
    }),
    maxTotalElements: z.number().int().positive().default(500_000).meta({
      description:
        "Most values (objects, arrays, strings, numbers, booleans, nulls) and object keys, counted together, in a rollout request body (413 payload_too_large beyond). Keeps JSON.parse of the largest allowed body short.",
      examples: [500_000],
    }),
    shutdownGraceMs: z.number().int().nonnegative().default(10_000).meta({
      description: "How long a graceful shutdown waits for in-flight rollouts before aborting them.",
      examples: [10_000],
    }),
  })
  .meta({ id: "TaskAppLimits", description: "Request-size, request-shape and shutdown limits." });
export type TaskAppLimits = z.infer<typeof TaskAppLimits>;

/** The task app definition given to `defineTaskApp`. */
export const TaskAppConfig = z
  .strictObject({
    appId: z.string().min(1).meta({ description: "App id, reported as `service` by GET / and POST /done.", examples: ["math-single-step"] }),
    name: z.string().min(1).meta({ description: "Human-readable app name.", examples: ["Math Single Step"] }),
    description: z.string().default("").meta({ description: "What the app does." }),
    baseTaskInfo: TaskInfo,
    describeTaskset: fn<DescribeTaskset>("A function returning the taskset description.").optional().meta({
      description: "Returns the taskset description (GET /task_info). Default: the task and the registered datasets.",
    }),
    provideTaskInstances: fn<ProvideTaskInstances>("A function returning one TaskInfo per seed.").optional().meta({
      description: "Returns one TaskInfo per seed. Default: baseTaskInfo with dataset.seed set.",
    }),
    rollout: fn<RolloutExecutor>("Runs one rollout and returns a RolloutResponse; sync or async."),
    datasets: z
      .custom<TaskDatasetRegistry>((v) => typeof v === "object" && v !== null && typeof (v as { list?: unknown }).list === "function", {
        message: "expected a TaskDatasetRegistry",
      })
      .optional()
      .meta({ description: "Dataset registry; its specs are advertised by GET /task_info." }),
    rubrics: RubricBundle.prefault({}).meta({ description: "Outcome and event rubrics, shown by GET /info." }),
    environment: z
      .custom<object>((v) => typeof v === "object" && v !== null && typeof (v as { observe?: unknown }).observe === "function", { message: "expected a declared environment" })
      .optional()
      .meta({ description: "The declaration `defineEnvironment` made the app from (the loop's tools, reset and observe); absent for an app written with `defineTaskApp`." }),
    overrideEnv: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, { message: "a variable name, or a prefix ending in *" }))
      .default([])
      .meta({
        description:
          "Variables a container-era context override may set for the agent: names, or prefixes ending in `*` (`AGENT_*`). Every other is refused (default: none), and PATH, LD_*/DYLD_* and the other variables that decide what runs or loads are refused even when listed.",
        examples: [["AGENT_STRATEGY", "SKILL_*"]],
      }),
    proxy: ProxyConfig.optional().meta({ description: "Vendor proxy routes (OpenAI, Groq); none unless enabled here." }),
    requireApiKey: z.boolean().default(true).meta({ description: "Require an environment API key on every endpoint except GET /." }),
    corsOrigins: z.array(z.string().min(1)).default([]).meta({ description: "Origins allowed by CORS; none by default (no CORS headers)." }),
    onStartup: z.array(fn<LifecycleHook>("A startup hook.")).default([]).meta({ description: "Run in order before the server accepts requests." }),
    onShutdown: z.array(fn<LifecycleHook>("A shutdown hook.")).default([]).meta({ description: "Run in order after in-flight rollouts finish." }),
    limits: TaskAppLimits.prefault({}).meta({ description: "Request-size, request-shape and shutdown limits." }),
    wire: z.enum(["0.2", "container"]).default("0.2").meta({
      description:
        'The rollout wire GET /info advertises as preferred (`rollout_wire.preferred`), which `eval` and `check` use by default. Both wires are always served: the server tells a request\'s era by its shape.',
    }),
  })
  .meta({ id: "TaskAppConfig", description: "A task app: identity, task info, callbacks, datasets, rubrics and server settings." });
export type TaskAppConfigInput = z.input<typeof TaskAppConfig>;

/** A defined task app: the config with every default filled in. */
export type TaskApp = z.infer<typeof TaskAppConfig>;
