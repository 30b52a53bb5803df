/**
 * Request and response sanitisation of the vendor proxy routes
 * (CONTRACT.md §8), with synth-ai's rules: task-app-only fields removed,
 * gpt-5 parameter rules, the default `interact` tool, the system hint, and a
 * synthetic `interact` tool call parsed from the text when the model answered
 * without one. Pure functions: inputs are never modified.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** The default tool: `interact` with a list of actions and optional reasoning. */
export const INTERACT_TOOL = {
  type: "function",
  function: {
    name: "interact",
    description: "Perform one or more environment actions.",
    parameters: {
      type: "object",
      properties: {
        actions: { type: "array", items: { type: "string" }, description: "List of environment actions to execute in order." },
        reasoning: { type: "string", description: "Optional reasoning for the chosen actions." },
      },
      required: ["actions"],
      additionalProperties: false,
    },
  },
} as const;

/** Fields the task app's callers may send that vendors do not accept. */
const REMOVED_FIELDS = ["stop_after_tool_calls", "thinking_mode", "thinking_budget", "reasoning"];
/** Sampling fields gpt-5 models refuse. */
const REMOVED_FOR_GPT5 = ["temperature", "top_p"];
/** Smallest `max_completion_tokens` sent to a gpt-5 model. */
export const GPT5_MIN_COMPLETION_TOKENS = 16000;

/** Sanitises an OpenAI chat-completions body. */
export function prepareForOpenai(model: string | null, payload: Json): Json {
  const out = structuredClone(payload);
  for (const field of REMOVED_FIELDS) delete out[field];
  if (model?.includes("gpt-5")) {
    const maxTokens = out.max_tokens;
    delete out.max_tokens;
    if (!has(out, "max_completion_tokens") && maxTokens !== undefined && maxTokens !== null) out.max_completion_tokens = maxTokens;
    for (const field of REMOVED_FOR_GPT5) delete out[field];
    const mct = out.max_completion_tokens;
    if (!isInt(mct) || mct < GPT5_MIN_COMPLETION_TOKENS) out.max_completion_tokens = GPT5_MIN_COMPLETION_TOKENS;
    out.tool_choice = { type: "function", function: { name: "interact" } };
    out.parallel_tool_calls = false;
  }
  if (!Array.isArray(out.tools) || out.tools.length === 0) out.tools = [structuredClone(INTERACT_TOOL)];
  return out;
}

/** Sanitises a Groq body: the OpenAI rules, then `max_tokens` (Groq's own name) for non-gpt-5 models when the caller did not send it. */
export function prepareForGroq(model: string | null, payload: Json): Json {
  const out = prepareForOpenai(model, payload);
  if (model && !model.includes("gpt-5") && has(out, "max_completion_tokens") && !has(payload, "max_tokens")) {
    out.max_tokens = out.max_completion_tokens;
    delete out.max_completion_tokens;
  }
  return out;
}

/** Appends `hint` to a leading system message (once), or inserts it as the first message. */
export function injectSystemHint(payload: Json, hint: string | null | undefined): Json {
  if (!hint) return payload;
  const out = structuredClone(payload);
  const messages = out.messages;
  if (!Array.isArray(messages)) return out;
  const first: unknown = messages[0];
  if (isObject(first) && first.role === "system") {
    const content = first.content;
    if (typeof content === "string" && !content.includes(hint)) messages[0] = { ...first, content: content.trimEnd() + (content ? "\n\n" : "") + hint };
  } else {
    messages.unshift({ role: "system", content: hint });
  }
  return out;
}

/** Python's `str()` of a JSON value, as synth-ai applies it to actions. */
function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** Best-effort text of an OpenAI-style message, content string or list of parts. */
export function extractMessageText(message: unknown): string {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message;
  if (Array.isArray(message)) return message.map(extractMessageText).filter(Boolean).join("\n");
  if (isObject(message)) {
    const content = message.content;
    if (typeof content === "string") return content;
    if (Array.isArray(content)) return content.map(extractMessageText).filter(Boolean).join("\n");
    if (typeof message.text === "string") return message.text;
  }
  return pyStr(message);
}

function actionsOf(candidate: unknown): [string[], string] {
  if (!isObject(candidate)) return [[], ""];
  const raw = candidate.actions;
  const actions = Array.isArray(raw)
    ? raw.map((a) => pyStr(a).trim()).filter(Boolean)
    : typeof raw === "string"
      ? raw.split(";").map((a) => a.trim()).filter(Boolean)
      : [];
  return [actions, typeof candidate.reasoning === "string" ? candidate.reasoning.trim() : ""];
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Actions and reasoning from assistant text: the whole text as JSON with
 * `actions`, an embedded `{... actions ...}` object, `Actions: a, b`, or
 * lines such as `Action 1: a`. No actions: `[[], text]`.
 */
export function parseToolCallFromText(input: string): [string[], string] {
  const text = (input ?? "").trim();
  if (!text) return [[], ""];
  const whole = actionsOf(tryJson(text));
  if (whole[0].length) return [whole[0], whole[1] || text];
  for (const fragment of text.match(/\{[^{}]*actions[^{}]*\}/gi) ?? []) {
    const [actions, reasoning] = actionsOf(tryJson(fragment));
    if (actions.length) return [actions, reasoning || text];
  }
  const listed = /actions?\s*:\s*([^\n]+)/i.exec(text);
  if (listed) {
    const items = listed[1]!.split(",").map((p) => p.trim()).filter(Boolean);
    if (items.length) return [items, text.slice(0, listed.index).trim()];
  }
  const actions: string[] = [];
  const reasoning: string[] = [];
  for (const line of text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/)) {
    const stripped = line.trim();
    if (!stripped) continue;
    const match = /^action\s*\d*\s*[:-]\s*(.+)/i.exec(stripped);
    if (match) {
      const candidate = match[1]!.trim();
      if (candidate) actions.push(candidate);
    } else {
      reasoning.push(stripped);
    }
  }
  if (actions.length) return [actions, reasoning.join("\n").trim()];
  return [[], text];
}

/** The synthetic tool call; `arguments` is spelled as Python's json.dumps spells it. */
export function buildFallbackToolCall(actions: readonly string[], reasoning: string): Json {
  const kept = actions.map((a) => a.trim()).filter(Boolean);
  const why = reasoning.trim();
  const args = `{"actions": [${kept.map((a) => JSON.stringify(a)).join(", ")}]${why ? `, "reasoning": ${JSON.stringify(why)}` : ""}}`;
  return { id: "tool_interact_fallback", type: "function", function: { name: INTERACT_TOOL.function.name, arguments: args } };
}

/** Adds a tool call parsed from the text to the first choice when the model returned none. */
export function synthesizeToolCallIfMissing(response: unknown): unknown {
  if (!isObject(response) || !Array.isArray(response.choices) || response.choices.length === 0) return response;
  const [first, ...rest] = response.choices as unknown[];
  if (!isObject(first) || !isObject(first.message)) return response;
  const message = first.message;
  if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) return response;
  const [actions, reasoning] = parseToolCallFromText(extractMessageText(message));
  if (!actions.length) return response;
  const patched: Json = { ...structuredClone(message), tool_calls: [buildFallbackToolCall(actions, reasoning)] };
  if (!has(patched, "content")) patched.content = null;
  return { ...structuredClone(response), choices: [{ ...structuredClone(first), message: patched }, ...structuredClone(rest)] };
}
