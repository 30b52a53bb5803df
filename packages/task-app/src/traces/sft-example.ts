/**
 * One recorded LM call as one SFT example: the input messages in OpenAI chat
 * form (text joined; images kept as `image_url` parts), then the assistant's
 * answer with its tool calls in OpenAI `function` form. The answer is read
 * from `output_text` holding a chat-completions JSON body, else the text
 * itself, else `output_messages`; tool calls from that body or
 * `output_tool_calls`.
 */
type Json = Record<string, unknown>;
type Part = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface SftChatMessage {
  role: string;
  content: string | Part[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The URL of an image part in any of the shapes tracers record. */
function imageUrl(part: Json): string | undefined {
  if (isJson(part.image_url) && typeof part.image_url.url === "string") return part.image_url.url;
  if (typeof part.image_url === "string") return part.image_url;
  if (typeof part.uri === "string" && part.uri) return part.uri;
  if (typeof part.data === "string" && part.data) return part.data.startsWith("data:") ? part.data : `data:${String(part.mime_type ?? "image/png")};base64,${part.data}`;
  return undefined;
}

/** A message's content: a string when all text, else text and image_url parts. */
function contentOf(message: Json): string | Part[] {
  if (typeof message.content === "string") return message.content;
  const raw = Array.isArray(message.parts) ? message.parts : Array.isArray(message.content) ? message.content : [];
  const parts: Part[] = [];
  for (const part of raw) {
    if (!isJson(part)) continue;
    if (part.type === "text" && typeof part.text === "string" && part.text) parts.push({ type: "text", text: part.text });
    else if (part.type === "image_url" || part.type === "image") {
      const url = imageUrl(part);
      if (url) parts.push({ type: "image_url", image_url: { url } });
    }
  }
  if (parts.every((p) => p.type === "text")) return parts.map((p) => (p as { text: string }).text).join("\n");
  return parts;
}

/** Tool calls in OpenAI form, from flat `{id, name, arguments}` or `{function: {...}}` records. */
export function normaliseToolCalls(calls: unknown): NonNullable<SftChatMessage["tool_calls"]> {
  if (!Array.isArray(calls)) return [];
  return calls.filter(isJson).map((call, index) => {
    const fn = isJson(call.function) ? call.function : call;
    const args = fn.arguments ?? call.arguments;
    return {
      id: String(call.id ?? call.call_id ?? `call_${index}`),
      type: "function" as const,
      function: { name: String(fn.name ?? "tool"), arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) },
    };
  });
}

/** The assistant's answer recorded in a call record, or undefined when it said and called nothing. */
function answerOf(record: Json): SftChatMessage | undefined {
  let content = "";
  let toolCalls: SftChatMessage["tool_calls"] = [];
  const text = record.output_text;
  if (typeof text === "string" && text) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const choice = isJson(body) && Array.isArray(body.choices) && isJson(body.choices[0]) ? body.choices[0] : undefined;
    if (choice && isJson(choice.message)) {
      content = typeof choice.message.content === "string" ? choice.message.content : "";
      toolCalls = normaliseToolCalls(choice.message.tool_calls);
    } else content = text;
  } else if (Array.isArray(record.output_messages)) {
    const outputs = record.output_messages.filter(isJson).filter((m) => m.role === "assistant");
    content = outputs.map((m) => contentOf(m)).filter((c): c is string => typeof c === "string").join("\n");
  }
  if (toolCalls.length === 0) toolCalls = normaliseToolCalls(record.output_tool_calls);
  if (!content && toolCalls.length === 0) return undefined;
  return { role: "assistant", content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
}

/** The chat of one call record, or undefined when it holds no prompt or no answer. */
export function callRecordToMessages(record: unknown): SftChatMessage[] | undefined {
  if (!isJson(record) || !Array.isArray(record.input_messages)) return undefined;
  const messages: SftChatMessage[] = [];
  for (const input of record.input_messages) {
    if (!isJson(input) || typeof input.role !== "string" || !input.role) continue;
    const content = contentOf(input);
    if (content === "" || (Array.isArray(content) && content.length === 0)) continue;
    const message: SftChatMessage = { role: input.role, content };
    if (typeof input.tool_call_id === "string") message.tool_call_id = input.tool_call_id;
    if (typeof input.name === "string") message.name = input.name;
    messages.push(message);
  }
  const answer = answerOf(record);
  if (!answer || messages.length === 0) return undefined;
  return [...messages, answer];
}

/**
 * The tool definitions a call record offered the model, as SFT lines carry
 * them (`{name, description, parameters}`, what the scaffold's sft.jsonl
 * has; OpenAI's `{type: "function", function: {...}}` is unwrapped), or
 * undefined when none.
 */
export function callRecordTools(record: unknown): Record<string, unknown>[] | undefined {
  if (!isJson(record) || !Array.isArray(record.tools)) return undefined;
  const tools = record.tools
    .filter(isJson)
    .map((tool) => (isJson(tool.function) ? tool.function : tool))
    .filter((tool) => typeof tool.name === "string" && tool.name !== "");
  return tools.length ? tools : undefined;
}
