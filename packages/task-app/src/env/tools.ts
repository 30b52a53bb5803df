/**
 * An environment's tools as the model sees them and as the loop checks them:
 * the JSON Schema of each tool's arguments comes from its Zod schema
 * (`z.toJSONSchema`, input side), and every call the model makes is read
 * against the same schema before `run` sees it. A call to a tool that does
 * not exist, arguments that are not a JSON object, or arguments the schema
 * refuses become a {@link ToolCallProblem}: the loop answers the model with
 * it as a tool message, never an exception.
 */
import { z } from "../zod.js";
import type { ToolCall, ToolSpec } from "./chat.js";
import type { Schema } from "./types.js";

/** What a tool is declared with (its `run` is the environment's: see define.ts). */
export interface ToolShape {
  description: string;
  args: Schema;
}

/** The tool list sent to the model, one function per declared tool, in declaration order. */
export function renderToolSpecs(tools: Readonly<Record<string, ToolShape>>): ToolSpec[] {
  return Object.entries(tools).map(([name, tool]) => ({ type: "function", function: { name, description: tool.description, parameters: argumentsSchema(tool.args) } }));
}

/** The JSON Schema of a tool's arguments as a model reads it: the input side (defaulted keys optional), without the `$schema` line. */
export function argumentsSchema(args: Schema): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(args, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

/** Why a call was not run. */
export interface ToolCallProblem {
  code: "unknown_tool" | "malformed_arguments" | "invalid_arguments" | "not_run";
  /** Said to the model in the tool message. */
  message: string;
}

/** A call, read: its parsed arguments, or the problem. */
export type CheckedCall = { ok: true; id: string; tool: string; args: unknown } | { ok: false; id: string; tool: string; problem: ToolCallProblem; raw: string };

/** Reads one call against the declared tools. */
export function checkToolCall(tools: Readonly<Record<string, ToolShape>>, call: ToolCall): CheckedCall {
  const id = typeof call?.id === "string" ? call.id : "";
  const name = typeof call?.function?.name === "string" ? call.function.name : "";
  const raw = typeof call?.function?.arguments === "string" ? call.function.arguments : JSON.stringify(call?.function?.arguments ?? null);
  const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!tool) return unknownTool(tools, id, name, raw);
  let value: unknown;
  try {
    value = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch (error) {
    return { ok: false, id, tool: name, raw, problem: { code: "malformed_arguments", message: `the arguments are not JSON (${(error as Error).message}); send one JSON object` } };
  }
  return checkArguments(tool, id, name, value, raw);
}

/** A call whose arguments are already a value (a trainer's action): read against the declared tools as {@link checkToolCall} reads text. */
export function checkToolArguments(tools: Readonly<Record<string, ToolShape>>, id: string, name: string, value: unknown): CheckedCall {
  const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!tool) return unknownTool(tools, id, name, JSON.stringify(value ?? null));
  return checkArguments(tool, id, name, value, undefined);
}

function unknownTool(tools: Readonly<Record<string, ToolShape>>, id: string, name: string, raw: string): CheckedCall {
  const known = Object.keys(tools).join(", ");
  return { ok: false, id, tool: name, raw, problem: { code: "unknown_tool", message: `there is no tool ${JSON.stringify(name)}; the tools are: ${known}` } };
}

/** `raw`: the arguments as the model sent them (undefined: a trainer's value, serialised if refused). */
function checkArguments(tool: ToolShape, id: string, name: string, value: unknown, raw: string | undefined): CheckedCall {
  const parsed = z.safeParse(tool.args, value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join(".") : "(arguments)"}: ${i.message}`);
    return { ok: false, id, tool: name, raw: raw ?? JSON.stringify(value ?? null), problem: { code: "invalid_arguments", message: `invalid arguments for ${name}: ${issues.join("; ")}` } };
  }
  return { ok: true, id, tool: name, args: parsed.data };
}
