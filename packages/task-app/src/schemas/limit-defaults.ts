/**
 * Default limits shared by the task app schema (task-app.ts) and the code
 * that must agree with it without loading every schema (eval's client caps
 * answers at the server's request limit).
 */

/** Default `limits.maxBodyBytes`: 64 MiB, room for image-heavy rollouts. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
