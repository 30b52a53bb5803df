/** `task-app eval`: the local evaluation loop, as a library. */
export * from "./lib.js";
export { readResults, readResultsChecked, type SkippedLine } from "./results-read.js";
