/**
 * `TaskInfo` (CONTRACT.md §5.3) and the small bodies of the other read
 * endpoints (§2). Two generations exist: 0.2.9-0.2.13 has nine required
 * free-form dicts; later versions type `task`, add `environment` and drop
 * four of the nine. `TaskInfo` is what this package sends: it carries both,
 * so either client accepts it. `AnyTaskInfo` accepts what either generation
 * of server sends.
 */
import { z } from "../zod.js";
import { Rubric } from "./rubric.js";

const anyRecord = z.record(z.string(), z.unknown());
const optionalString = (description: string) => z.string().nullable().optional().meta({ description });

/** `task`: the typed descriptor of later synth-ai (extra keys kept). */
export const TaskDescriptor = z
  .looseObject({
    id: z.string().min(1).meta({ description: "Task id.", examples: ["crafter"] }),
    name: z.string().min(1).meta({ description: "Task name.", examples: ["Crafter"] }),
    description: optionalString("What the task is."),
    version: optionalString("Task version; /info reports it as service.version."),
  })
  .meta({ id: "TaskDescriptor", description: "Task identity: id, name, optional description and version; extra keys kept." });

/** `dataset` summary (extra keys such as seed_range or per-seed split/index kept). */
export const DatasetInfo = z
  .looseObject({
    id: optionalString("Dataset id."),
    name: optionalString("Dataset name."),
    version: optionalString("Dataset version."),
    splits: z.array(z.string()).nullable().optional().meta({ description: "Split names." }),
    default_split: optionalString("Default split."),
    description: optionalString("Dataset description."),
  })
  .meta({ id: "DatasetInfo", description: "Dataset summary; extra keys (cardinality, seed_range, per-seed split and index, ...) kept." });

const RubricSection = z
  .looseObject({
    name: z.string().meta({ description: "Section name." }),
    criteria: z
      .array(
        z
          .looseObject({
            id: z.string().meta({ description: "Criterion id." }),
            description: z.string().meta({ description: "Criterion description." }),
            weight: z.number().nullable().optional().meta({ description: "Criterion weight." }),
          })
          .meta({ description: "A criterion summary." }),
      )
      .optional()
      .meta({ description: "Criteria summaries." }),
  })
  .meta({ description: "A rubric section: name and criteria summaries." });

/** `rubric` summary: window apps send {version, criteria_count, source}; later ones outcome/events sections. */
export const RubricInfo = z
  .looseObject({
    outcome: RubricSection.nullable().optional().meta({ description: "Outcome rubric summary (later synth-ai)." }),
    events: RubricSection.nullable().optional().meta({ description: "Event rubric summary (later synth-ai)." }),
  })
  .meta({ id: "RubricInfo", description: "Rubric summary; window apps put {version, criteria_count, source} here (kept as extras)." });

/** `inference` hints (window keys supports_proxy, endpoints, tool, models, providers kept). */
export const InferenceInfo = z
  .looseObject({
    model: optionalString("Recommended policy model."),
    inference_url: optionalString("Recommended inference URL."),
  })
  .meta({ id: "InferenceInfo", description: "Inference hints; window keys (supports_proxy, endpoints, tool, models, providers) kept." });

/** `limits` (window keys max_ops, max_time_s kept). */
export const LimitsInfo = z
  .looseObject({
    max_turns: z.number().int().nullable().optional().meta({ description: "Maximum turns per episode." }),
    max_response_tokens: z.number().int().nullable().optional().meta({ description: "Maximum tokens per response." }),
    timeout_seconds: z.number().int().nullable().optional().meta({ description: "Rollout timeout in seconds." }),
  })
  .meta({ id: "LimitsInfo", description: "Operational limits; window keys (max_ops, max_time_s) kept." });

const windowFields = {
  environments: z.array(z.string()).meta({ description: "Environment names (0.2.9-0.2.13).", examples: [["crafter"]] }),
  action_space: anyRecord.meta({ description: "Action space, e.g. {type, size, actions} or {type: tool_call, tools, max_calls}." }),
  observation: anyRecord.meta({ description: "Observation summary {summary, keys, image_shape?}; per seed also seed-specific keys." }),
  capabilities: anyRecord.meta({ description: "{supports_rollout, supports_env_lifecycle, requires_api_key_header}." }),
};
const taskMetadata = anyRecord.default({}).meta({ description: "Task-specific extras." });

/** TaskInfo as this package sends it: both generations' required fields. */
export const TaskInfo = z
  .looseObject({
    task: TaskDescriptor,
    environment: z.string().min(1).meta({ description: "Environment name (later synth-ai).", examples: ["crafter"] }),
    ...windowFields,
    dataset: DatasetInfo,
    rubric: RubricInfo,
    inference: InferenceInfo,
    limits: LimitsInfo,
    task_metadata: taskMetadata,
  })
  .meta({
    id: "TaskInfo",
    description: "Static description of a task (or of one seed's instance), readable by 0.2.9-0.2.13 and later synth-ai clients.",
  });
export type TaskInfo = z.infer<typeof TaskInfo>;
export type TaskInfoInput = z.input<typeof TaskInfo>;

/** TaskInfo of a 0.2.9-0.2.13 server: nine free-form dicts. */
export const WindowTaskInfo = z
  .object({
    task: anyRecord.meta({ description: "Task identity, conventionally {id, name, version}." }),
    ...windowFields,
    dataset: anyRecord.meta({ description: "Dataset spec dump plus extras." }),
    rubric: anyRecord.meta({ description: "Rubric summary." }),
    inference: anyRecord.meta({ description: "Inference hints." }),
    limits: anyRecord.meta({ description: "Limits." }),
    task_metadata: taskMetadata,
  })
  .meta({ id: "WindowTaskInfo", description: "TaskInfo as synth-ai 0.2.9-0.2.13 servers send it." });

/** TaskInfo of a later server: typed task, environment, loose sub-models. */
export const LaterTaskInfo = z
  .looseObject({
    task: TaskDescriptor,
    environment: z.string().nullable().optional().meta({ description: "Environment name (optional again in the latest versions)." }),
    dataset: DatasetInfo,
    rubric: RubricInfo.nullable().optional().meta({ description: "Rubric summary." }),
    inference: InferenceInfo,
    limits: LimitsInfo,
    task_metadata: taskMetadata,
  })
  .meta({ id: "LaterTaskInfo", description: "TaskInfo as later synth-ai servers send it." });

/** Any generation's TaskInfo, for reading what another server sends. */
export const AnyTaskInfo = z
  .union([TaskInfo, LaterTaskInfo, WindowTaskInfo])
  .meta({ id: "AnyTaskInfo", description: "A TaskInfo from any synth-ai generation." });
export type AnyTaskInfo = z.infer<typeof AnyTaskInfo>;

/** `GET /` body. */
export const RootResponse = z
  .object({
    status: z.literal("ok").meta({ description: "Always ok." }),
    service: z.string().optional().meta({ description: "App id." }),
  })
  .meta({ id: "RootResponse", description: "Public liveness answer of GET /." });

/** The rollout wires a task app serves (task-app's own key; synth-ai's apps do not send it). */
export const RolloutWireInfo = z
  .object({
    preferred: z.enum(["0.2", "container"]).meta({ description: "The wire eval and check use by default." }),
    supported: z.array(z.enum(["0.2", "container"])).meta({ description: "Every wire POST /rollout accepts, told apart by the body's shape." }),
  })
  .meta({ id: "RolloutWireInfo", description: "The POST /rollout wires served: 0.2.x (run_id, ops) and synth-ai's container era (trace_correlation_id)." });
export type RolloutWireInfo = z.infer<typeof RolloutWireInfo>;

/** `GET /health` body: base shape plus the soft shape's keys, so every synth-ai probe reads it. */
export const HealthResponse = z
  .looseObject({
    healthy: z.boolean().optional().meta({ description: "Base-server shape: whether the app is healthy." }),
    status: z.string().optional().meta({ description: 'Soft shape: "healthy" or "unhealthy".' }),
    authorized: z.boolean().optional().meta({ description: "Soft shape: whether the request carried a valid key." }),
    auth: anyRecord.optional().meta({ description: "Base shape: {required} (synth-ai also sends expected_prefix, part of the key; task-app never does)." }),
    version: z.string().optional().meta({ description: "Container era: the service's version (task-app: TaskInfo.task.version)." }),
    rollout_wire: RolloutWireInfo.optional(),
  })
  .meta({ id: "HealthResponse", description: "Health answer in the base ({healthy, auth}) or soft ({status, authorized}) shape, or both." });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** `POST /done` body. */
export const DoneResponse = z
  .object({
    ok: z.literal(true).meta({ description: "Always true." }),
    service: z.string().meta({ description: "App id." }),
  })
  .meta({ id: "DoneResponse", description: "Acknowledgement of POST /done." });

/** `GET /info` body. */
export const InfoResponse = z
  .looseObject({
    service: z
      .looseObject({
        task: anyRecord.meta({ description: "TaskInfo.task." }),
        version: z.string().nullable().optional().meta({ description: "TaskInfo.task.version." }),
      })
      .meta({ description: "The service: task identity and version." }),
    dataset: anyRecord.meta({ description: "TaskInfo.dataset." }),
    rubrics: z
      .object({
        outcome: Rubric.nullable().meta({ description: "Outcome rubric." }),
        events: Rubric.nullable().meta({ description: "Event rubric." }),
      })
      .nullable()
      .meta({ description: "The rubric bundle, or null when the app has no rubric." }),
    inference: anyRecord.meta({ description: "TaskInfo.inference." }),
    capabilities: anyRecord.optional().meta({ description: "TaskInfo.capabilities (dropped by later synth-ai)." }),
    limits: anyRecord.meta({ description: "TaskInfo.limits." }),
    rollout_wire: RolloutWireInfo.optional(),
  })
  .meta({ id: "InfoResponse", description: "GET /info: service identity, dataset, rubrics, inference, capabilities and limits." });
export type InfoResponse = z.infer<typeof InfoResponse>;

/** `GET /task_info` without seeds. */
export const TasksetResponse = z
  .object({ taskset: anyRecord.meta({ description: "The app's describeTaskset() result." }) })
  .meta({ id: "TasksetResponse", description: "GET /task_info without seeds: the taskset description." });
