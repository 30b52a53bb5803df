/**
 * ws's WebSocket server, as task-app loads it: OpenEnv's `/openenv/ws`
 * (src/openenv/ws.ts) takes it from here (types from "ws" itself), and the
 * build replaces this module's output with one file holding it
 * (scripts/bundle-vendor.mjs). ws is CommonJS behind an ES module wrapper:
 * importing it costs about 95 ms of CPU in every process that serves; one
 * file, about 22 ms. No ws object reaches a user.
 */
export { WebSocketServer } from "ws";
