/**
 * Converts OpenAI chat-completions messages (string content or content parts,
 * `image_url` parts with data URLs, tool calls in `function` form) into the
 * tracing-v3 shapes: `LMMessage` with parts, and `{id, name, arguments}` tool calls.
 */
import type { LMMessage, LMToolCall } from "../schemas/session-trace.js";

/** A content part as chat completions send it: text, `image_url` (object or string) or `image`. */
export type ChatContentPartLike =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: string } | string }
  | { type: "image"; image: string; mime_type?: string }
  | { type: string; [key: string]: unknown };

/** A tool call in OpenAI `function` form or already flat; object arguments are serialised to JSON. */
export type ToolCallLike =
  | { id?: string | null; type?: string; function: { name: string; arguments?: string | Record<string, unknown> } }
  | { id?: string | null; name: string; arguments?: string | Record<string, unknown> };

/** A chat-completions message: what an executor sends to (or receives from) a model. */
export interface ChatMessageLike {
  role: string;
  content?: string | ChatContentPartLike | ChatContentPartLike[] | null;
  name?: string | null;
  tool_call_id?: string | null;
  tool_calls?: ToolCallLike[] | null;
}

type LMContentPart = LMMessage["parts"][number];

const DATA_URL_MIME = /^data:([\w.+-]+\/[\w.+-]+)[;,]/;

function imagePart(uri: string, mime?: string): LMContentPart {
  const mimeType = mime ?? DATA_URL_MIME.exec(uri)?.[1];
  return { type: "image_url", uri, ...(mimeType ? { mime_type: mimeType } : {}) };
}

/** One chat content part as an `LMContentPart`; images keep their (data) URL in `uri`. */
export function toLMContentPart(part: ChatContentPartLike): LMContentPart {
  if (part.type === "text") return { type: "text", text: String((part as { text?: unknown }).text ?? "") };
  if (part.type === "image_url") {
    const image = (part as { image_url?: unknown }).image_url;
    const url = typeof image === "string" ? image : String((image as { url?: unknown } | undefined)?.url ?? "");
    return imagePart(url);
  }
  if (part.type === "image" && typeof (part as { image?: unknown }).image === "string") {
    const p = part as { image: string; mime_type?: string };
    return imagePart(p.image, p.mime_type);
  }
  const { type, ...rest } = part;
  return { type, data: rest };
}

/** The parts of a message's content: a string becomes one text part, null none. */
export function toLMParts(content: ChatMessageLike["content"]): LMContentPart[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return [{ type: "text", text: content }];
  return (Array.isArray(content) ? content : [content]).map(toLMContentPart);
}

/** A tool call as `{id, name, arguments}` with arguments as a JSON string. */
export function toLMToolCall(call: ToolCallLike): LMToolCall {
  const flat = "function" in call ? { id: call.id, ...call.function } : call;
  const args = flat.arguments ?? {};
  return { id: flat.id ?? null, name: flat.name, arguments: typeof args === "string" ? args : JSON.stringify(args) };
}

/** A chat message as an `LMMessage`. */
export function toLMMessage(message: ChatMessageLike): LMMessage {
  return {
    role: message.role,
    parts: toLMParts(message.content),
    ...(message.name ? { name: message.name } : {}),
    ...(message.tool_call_id ? { tool_call_id: message.tool_call_id } : {}),
  };
}

/** The text parts of a message joined by newlines (images are left out), or null when there are none. */
export function textOf(parts: readonly LMContentPart[]): string | null {
  const texts = parts.filter((p) => p.type === "text" && typeof p.text === "string").map((p) => p.text as string);
  return texts.length ? texts.join("\n") : null;
}
