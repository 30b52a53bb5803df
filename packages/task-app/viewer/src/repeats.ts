/**
 * What of a session's chats its page already shows. An LM call's request
 * carries the conversation so far: its leading messages that the previous
 * call held, in the same order (a history that grows, or a window that
 * slides), are "earlier", folded on the page; images are left out of the
 * comparison (a history may drop old frames). A stored message that the LM calls of its turn or of
 * the next turn show (the prompt, the tool call, the tool result) repeats
 * them.
 */
import type { SessionView, ViewChatMessage } from "../../src/view/session.js";

export const textOf = (m: ViewChatMessage) => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
const keyOf = (m: ViewChatMessage) => JSON.stringify([m.role, textOf(m), m.tool_calls]);

/** Where a chat's response (its trailing assistant messages) starts. */
function responseStart(chat: ViewChatMessage[]): number {
  let i = chat.length;
  while (i > 0 && chat[i - 1]!.role === "assistant") i--;
  return i;
}

/** A message's content as tool calls (`[{name, arguments}]`), or undefined. */
function toolCallsOf(content: string): { name: string; arguments: string }[] | undefined {
  try {
    const calls: unknown = JSON.parse(content);
    const ok = Array.isArray(calls) && calls.length > 0 && calls.every((c) => typeof c?.name === "string" && typeof c?.arguments === "string");
    return ok ? (calls as { name: string; arguments: string }[]) : undefined;
  } catch {
    return undefined;
  }
}

export interface Repeats {
  /** Per chat (one call record of an LM call): how many of its leading messages the previous call held. */
  earlier: Map<ViewChatMessage[], number>;
  /** Whether a message of turn `turn` (its index) shows what the LM calls show. */
  repeats(turn: number, content: string): boolean;
}

export function repeatsOf(data: SessionView): Repeats {
  const earlier = new Map<ViewChatMessage[], number>();
  const shown = data.turns.map(() => new Set<string>());
  let previous: string[] = [];
  data.turns.forEach((turn, t) => {
    for (const it of turn.items) {
      if (it.kind !== "lm_call") continue;
      for (const chat of it.calls) {
        const keys = chat.map(keyOf);
        const end = responseStart(chat);
        let p = 0;
        for (let from = 0; p < end; p++) {
          const at = previous.indexOf(keys[p]!, from);
          if (at < 0) break;
          from = at + 1;
        }
        earlier.set(chat, p);
        previous = keys;
        for (const m of chat.slice(p)) {
          if (textOf(m)) shown[t]!.add(textOf(m));
          for (const c of m.tool_calls) shown[t]!.add(c.arguments).add(`${c.name}(${c.arguments})`);
        }
      }
    }
  });
  const has = (t: number, text: string) => Boolean(shown[t]?.has(text) || shown[t + 1]?.has(text));
  return {
    earlier,
    repeats: (t, content) => has(t, content) || (toolCallsOf(content)?.every((c) => has(t, `${c.name}(${c.arguments})`)) ?? false),
  };
}
