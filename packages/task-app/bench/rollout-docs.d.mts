/** Types of rollout-docs.mjs, for the tests that parse its documents. */
export function createResponse(options: { trajectories: number; steps: number; imageBytes?: number; seed?: number }): Record<string, unknown>;
export function createRequest(options: { configRows?: number; seed?: number }): Record<string, unknown>;
