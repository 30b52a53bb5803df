/** The task app `bench:server` runs through `task-app serve`: returns the prebuilt response of the size the request names. */
import { defineTaskApp } from "../dist/server/index.js";
import { SIZES, buildResponse } from "./server-shapes.mjs";

// Each response already holds a run_id, as the bare server's object does (server.mjs), so both
// executors spread an object and overwrite a key: adding a key to a spread object is a slower
// path in V8, a cost of the executor, not of the server measured.
const responses = Object.fromEntries(SIZES.map((size) => [size, { run_id: "", ...buildResponse(size) }]));

export default defineTaskApp({
  appId: "bench",
  name: "Bench",
  baseTaskInfo: {
    task: { id: "bench", name: "Bench" }, environment: "bench", environments: ["bench"], action_space: {}, observation: {},
    dataset: {}, rubric: {}, inference: {}, capabilities: {}, limits: {},
  },
  rollout: (request) => ({ ...responses[request.env.config?.size ?? "1kb"], run_id: request.run_id }),
});
