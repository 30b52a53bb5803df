/** The scaffolder's public surface: `createTaskApp` and the helpers the bin composes. */
export { createTaskApp, defaultProjectName, generateApiKey, TEMPLATE_NAMES } from "./create.js";
export type { CreateTaskAppOptions, CreateTaskAppResult, TemplateName } from "./create.js";
export { listTemplates, loadTemplate } from "./catalog.js";
export type { TemplateInfo } from "./catalog.js";
export { ScaffoldError } from "./errors.js";
export type { ScaffoldErrorCode } from "./errors.js";
export { checkPackageName, isValidPackageName, toValidPackageName } from "./names.js";
export { detectPackageManager, runScript } from "./package-manager.js";
export type { PackageManager } from "./package-manager.js";
export { initGitRepository, installDependencies } from "./steps.js";
export type { CommandResult, GitResult } from "./steps.js";
export { listBlockingEntries } from "./write.js";
