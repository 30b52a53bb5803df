/**
 * The agent loop an environment runs in: each turn the policy (the inference
 * server a rollout names, else the environment's scripted policy) reads the
 * conversation and answers; each tool call is checked against its Zod schema
 * and run; the results go back to the model as tool messages, and the next
 * observation as a user message. A bad call (an unknown tool, arguments that
 * are not JSON or that the schema refuses, a second call where one is
 * allowed) is answered to the model as a tool message and recorded in the
 * trace: it never fails the rollout.
 *
 * The trace gets one turn per decision, without a line from the user: the
 * LM call (messages, tools, usage), each call's environment event (reward,
 * the recorded state before and after) and its tool result.
 */
import type { RolloutRequest, RolloutStep } from "../schemas/rollout.js";
import type { SessionTracer } from "../tracing/tracer.js";
import { createChatCompletion, type ChatAnswer, type ChatOptions, type ChatMessage, type ChatRequest, type ToolCall, type ToolSpec, type Usage } from "./chat.js";
import type { JudgedTurn } from "./judge.js";
import { createStateView } from "./observation.js";
import { isThenable } from "../maybe-async.js";
import { readInferenceKeyEnv } from "../runtime/inference.js";
import { applyOutcome, recordProblem, stepTool, type AppliedOutcome, type StepRecorder, type StepResult } from "./step.js";
import type { EnvironmentDefinition, Schema, ToolContext, TurnCall, TurnRecord } from "./types.js";

/** A definition with its types erased: what the loop runs. */
export type AnyEnvironment = EnvironmentDefinition<any, Schema, Record<string, Schema>, any>;

/** What one episode left. */
export interface EpisodeRun<State> {
  state: State;
  turns: TurnRecord<State>[];
  steps: RolloutStep[];
  judged: JudgedTurn[];
  episodeReturn: number;
  /** Token counts summed over the episode's LM calls (null when the server reported none). */
  usage: Required<{ [K in keyof Usage]: number }> | null;
}

/** Where the episode runs. */
export interface LoopContext {
  request: RolloutRequest;
  config: unknown;
  tracer: SessionTracer;
  signal: AbortSignal;
  specs: ToolSpec[];
}

/** Runs one episode from `start` to a tool's `done`, the stop rule, `maxTurns` or the abort signal. */
export async function runEpisode<State>(env: AnyEnvironment, start: State, ctx: LoopContext): Promise<EpisodeRun<State>> {
  const policy = ctx.request.policy.config;
  const maxTurns = typeof env.maxTurns === "function" ? env.maxTurns(ctx.config, policy) : (env.maxTurns ?? policy.max_llm_calls ?? 10);
  /** The conversation so far (every finished turn's observation, answer and tool messages), when the whole of it is sent. */
  const history: ChatMessage[] = [{ role: "system", content: env.system }];
  /** Each finished turn's messages, when only the last `historyTurns` are sent. */
  const past: ChatMessage[][] = [];
  // Each state's observation and record made once (the message, the states before and after a step, the step's obs).
  const view = createStateView(env);
  const recorder: StepRecorder = { tracer: ctx.tracer, record: view.record, changed: view.forget };
  let observation: ChatMessage = { role: "user", content: view.observe(start) };
  // The environment read once for the episode's calls, and the requests' fixed part.
  const chatOptions: ChatOptions = { signal: ctx.signal, env: readInferenceKeyEnv() };
  const makeRequest = requestMaker(env, ctx);
  const run: EpisodeRun<State> = { state: start, turns: [], steps: [], judged: [], episodeReturn: 0, usage: null };
  for (let turn = 0; turn < maxTurns && !ctx.signal.aborted; turn++) {
    const before = run.state;
    // The observation this turn's answer is taken on, as the trajectory keeps it.
    const obs = view.record(before);
    const toolCtx: ToolContext<unknown> = { turn, lastTurn: turn === maxTurns - 1, config: ctx.config, signal: ctx.signal };
    ctx.tracer.startTurn();
    // A new array each turn: the trace keeps each call's messages as sent.
    const messages = env.historyTurns === undefined ? history.slice() : [history[0]!, ...past.slice(Math.max(0, past.length - env.historyTurns)).flat()];
    messages.push(observation);
    const body = makeRequest(messages);
    const inferenceUrl = ctx.request.policy.config.inference_url;
    let answered: { message: ChatMessage; eventId: string };
    if (inferenceUrl) {
      const startedAt = new Date();
      // Awaited here, not in a helper: a turn costs no promise it does not need.
      answered = recordAnswer(run, body, inferenceUrl, ctx, startedAt, await createChatCompletion(inferenceUrl, body, chatOptions));
    } else answered = scriptedAnswer(env, run, body, ctx, turn);
    const { message, eventId } = answered;
    const exchange: ChatMessage[] = [observation, assistantMessage(message)];
    const calls: TurnCall[] = [];
    const stepCalls: { tool: string; args: Record<string, unknown> }[] = [];
    let reward = 0;
    let done = false;
    const info: Record<string, unknown> = {};
    const take = (applied: AppliedOutcome<State>) => {
      run.state = applied.state;
      reward += applied.reward;
      done ||= applied.done;
      Object.assign(info, applied.info);
    };
    const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    if (toolCalls.length === 0) {
      const text = textOf(message);
      if (env.onText) {
        const recorded = view.record(run.state);
        const outcome = await env.onText(text ?? "", run.state, toolCtx);
        view.forget();
        take(applyOutcome(outcome, run.state, recorded, { text: true }, toolCtx.lastTurn, recorder));
      }
    }
    let errors = 0;
    for (let index = 0; index < toolCalls.length; index++) {
      const call = toolCalls[index]!;
      const pending = index > 0 && !env.parallelToolCalls ? notRun(call, run.state, recorder) : stepTool(env, run.state, call, toolCtx, recorder);
      const stepped: StepResult<State> = isThenable(pending) ? await pending : pending;
      if (!stepped.ok) {
        errors++;
        calls.push({ ok: false, tool: stepped.tool, error: stepped.problem.message, code: stepped.problem.code });
        exchange.push({ role: "tool", tool_call_id: stepped.id, content: JSON.stringify({ error: stepped.problem.message }) });
        continue;
      }
      take(stepped);
      const result = stepped.result;
      calls.push({ ok: true, tool: stepped.tool, args: stepped.args, result, reward: stepped.reward });
      stepCalls.push({ tool: stepped.tool, args: stepped.args as Record<string, unknown> });
      exchange.push({ role: "tool", tool_call_id: stepped.id, content: stepped.content });
    }
    done ||= env.stop?.(run.state) === true;
    ctx.tracer.finishTurn();
    const record: TurnRecord<State> = { turn, before, after: run.state, calls, text: textOf(message), reward };
    run.turns.push(record);
    run.episodeReturn += reward;
    if (errors > 0) info.tool_errors = calls.flatMap((c) => (c.ok ? [] : [{ tool: c.tool, error: c.error }]));
    run.steps.push({ obs, tool_calls: stepCalls, reward, done, info });
    run.judged.push({ turn, eventId, scores: env.scoreTurn?.(record) ?? {} });
    if (done) break;
    if (env.historyTurns === undefined) history.push(...exchange);
    else past.push(exchange);
    observation = { role: "user", content: view.observe(run.state) };
  }
  return run;
}

/**
 * How the episode's requests are made: the conversation, the tools and the policy's sampling
 * settings, read once (every turn sends the same model, tools and settings). Each request is a
 * literal made whole: an object given its fields one by one changes shape with each.
 */
function requestMaker(env: AnyEnvironment, ctx: LoopContext): (messages: ChatMessage[]) => ChatRequest {
  const config = ctx.request.policy.config;
  const model = config.model ?? "gpt-4o-mini";
  const sampling = SAMPLING.filter((key) => config[key] !== undefined).map((key) => [key, config[key]] as const);
  const tools = ctx.specs;
  const choice = env.toolChoice ?? "required";
  const parallel = env.parallelToolCalls === true;
  const offerTools = config.use_tools !== false && tools.length > 0;
  const make = offerTools ? (messages: ChatMessage[]): ChatRequest => ({ model, messages, tools, tool_choice: choice, parallel_tool_calls: parallel }) : (messages: ChatMessage[]): ChatRequest => ({ model, messages });
  if (sampling.length === 0) return make;
  return (messages) => {
    const body = make(messages);
    for (const [key, value] of sampling) (body as Record<string, unknown>)[key] = value;
    return body;
  };
}

/** The scripted policy's answer (no inference server named), recorded as the turn's LM call. */
function scriptedAnswer<State>(env: AnyEnvironment, run: EpisodeRun<State>, body: ChatRequest, ctx: LoopContext, turn: number): { message: ChatMessage; eventId: string } {
  const message = scriptedMessage(env.scripted?.(run.state, turn), turn);
  const eventId = ctx.tracer.recordLMCall({ model: "scripted", provider: "task-app", input: body.messages, tools: body.tools, output: message as never, latencyMs: 0, unchanging: true });
  return { message, eventId };
}

/** The inference server's answer, recorded as the turn's LM call; its usage added to the episode's. */
function recordAnswer<State>(run: EpisodeRun<State>, body: ChatRequest, inferenceUrl: string, ctx: LoopContext, startedAt: Date, { message, usage }: ChatAnswer): { message: ChatMessage; eventId: string } {
  if (usage) addUsage(run, usage);
  const eventId = ctx.tracer.recordLMCall({
    model: body.model,
    provider: ctx.request.policy.config.provider ?? hostOf(inferenceUrl),
    input: body.messages,
    tools: body.tools,
    output: message as never,
    usage,
    startedAt,
    completedAt: new Date(),
    // The conversation, the answer and the tools are never changed once sent: converted only if the trace is read.
    unchanging: true,
  });
  return { message, eventId };
}

/** The host of an inference URL, parsed once per URL (every turn of a run names the same one or few). */
function hostOf(url: string): string {
  let host = hosts.get(url);
  if (host === undefined) {
    if (hosts.size >= 64) hosts.clear();
    hosts.set(url, (host = new URL(url).host));
  }
  return host;
}
const hosts = new Map<string, string>();

/** The policy settings sent to the server as they are, when given. */
const SAMPLING = ["temperature", "top_p", "max_tokens", "thinking_mode", "thinking_budget"] as const;

function addUsage(run: EpisodeRun<unknown>, usage: Usage): void {
  const total = (run.usage ??= { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  total.prompt_tokens += countOf(usage.prompt_tokens);
  total.completion_tokens += countOf(usage.completion_tokens);
  total.total_tokens += countOf(usage.total_tokens);
}

const countOf = (n: number | null | undefined): number => (typeof n === "number" && Number.isFinite(n) ? n : 0);

/** The scripted policy's move as an assistant message (no move: an empty answer). */
function scriptedMessage(move: unknown, turn: number): ChatMessage {
  if (typeof move === "string") return { role: "assistant", content: move };
  const moves = (Array.isArray(move) ? move : move ? [move] : []) as { tool: string; args: unknown }[];
  if (moves.length === 0) return { role: "assistant", content: "" };
  return {
    role: "assistant",
    content: null,
    tool_calls: moves.map((m, i) => ({ id: `call_${turn}_${i}`, type: "function", function: { name: m.tool, arguments: JSON.stringify(m.args ?? {}) } })),
  };
}

/** The assistant message as the conversation keeps it: role, content and tool calls only. */
function assistantMessage(message: ChatMessage): ChatMessage {
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const content = typeof message.content === "string" || Array.isArray(message.content) ? message.content : null;
  return calls.length ? { role: "assistant", content, tool_calls: calls } : { role: "assistant", content };
}

function textOf(message: ChatMessage): string | null {
  if (typeof message.content === "string") return message.content;
  if (Array.isArray(message.content)) return message.content.map((p) => (p.type === "text" ? p.text : "")).join("");
  return null;
}

/** A second call where one is allowed: not run, traced as its tool result. */
function notRun<State>(call: ToolCall, state: State, recorder: StepRecorder): StepResult<State> {
  const raw = typeof call?.function?.arguments === "string" ? call.function.arguments : "";
  const problem = { ok: false as const, id: call?.id ?? "", tool: call?.function?.name ?? "", raw, problem: { code: "not_run" as const, message: "not run: this environment takes one tool call per turn; call one tool at a time" } };
  recordProblem(recorder, problem);
  return { ...problem, state };
}
