/**
 * `defineTaskApp`: validates a task app definition and fills in defaults.
 */
import { TaskAppConfig, type TaskApp, type TaskAppConfigInput } from "../schemas/task-app.js";
import { formatPath } from "../config/findings.js";

/** Thrown when a task app definition is invalid; `issues` lists each problem. */
export class TaskAppDefinitionError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(`invalid task app definition:\n${issues.map((i) => `  ${i.path || "(root)"}: ${i.message}`).join("\n")}`);
    this.name = "TaskAppDefinitionError";
  }
}

/**
 * Defines a task app: checks the definition (ids, TaskInfo, callbacks are
 * functions, limits) and returns it with defaults filled in
 * (`requireApiKey: true`, no CORS origins, no hooks, 64 MiB body limit).
 */
export function defineTaskApp(config: TaskAppConfigInput): TaskApp {
  const parsed = TaskAppConfig.safeParse(config);
  if (!parsed.success) {
    throw new TaskAppDefinitionError(parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })));
  }
  return Object.freeze(parsed.data);
}

/** True for a value produced by `defineTaskApp` or shaped like one. */
export function isTaskApp(value: unknown): value is TaskApp {
  return TaskAppConfig.safeParse(value).success;
}
