/** Codemods behind `task-app add`: each creates a file and registers it in `src/app.ts`, idempotently. */
export { addRubric, type AddRubricOptions, type CodemodResult } from "./add-rubric.js";
export { addDataset } from "./add-dataset.js";
export { CodemodError, type CodemodErrorCode } from "./errors.js";
