/**
 * {{title}}: single-step arithmetic word problems. The policy answers by
 * calling `submit_answer`; a correct answer earns reward 1. task-app runs the
 * agent loop, judges, traces and serves it: `task-app serve src/app.ts`.
 */
import { defineEnvironment, normaliseSeed, z } from "task-app/env";
import * as arithmetic from "./datasets/arithmetic.js";
import { parseAnswer, scriptedAnswer, type Problem } from "./problems.js";

type State = { problem: Problem; given_answer?: number; correct?: boolean };

export default defineEnvironment({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "Single-step arithmetic word problems answered through a submit_answer tool call.",
  dataset: arithmetic,
  config: z.object({ split: z.enum(["train", "test"]).default("train"), index: z.number().int().nonnegative().optional() }),
  system: "Solve the arithmetic word problem. Think briefly, then call submit_answer with the number only.",
  reset: ({ seed, config, data }): State => ({ problem: data[config.split][normaliseSeed(config.index ?? seed, data[config.split].length)]! }),
  observe: (state) => state.problem.question,
  tools: {
    submit_answer: {
      description: "Submit the final numeric answer to the word problem.",
      args: z.object({ answer: z.string().describe("The answer, digits only.") }),
      run: ({ answer }, { problem }) => {
        const given = parseAnswer(answer), correct = given === problem.answer;
        return { state: { problem, given_answer: given, correct }, result: { correct }, reward: correct ? 1 : 0, done: true };
      },
    },
  },
  maxTurns: 1,
  scripted: (state) => ({ tool: "submit_answer", args: { answer: String(scriptedAnswer(state.problem)) } }),
  scoreTurn: (turn) => ({ tool_call: turn.calls.some((c) => c.ok) ? 1 : 0, numeric_answer: turn.after.given_answer === undefined ? 0 : 1 }),
  outcome: (state, episode) => ({ correct_answer: state.correct ? 1 : 0, used_tool: episode.turns.some((t) => t.calls.some((c) => c.ok)) ? 1 : 0 }),
  rubrics: new URL("../rubrics/", import.meta.url),
  record: ({ problem, ...answer }) => ({ problem: problem.question, split: problem.split, index: problem.index, ...answer }),
});
