/**
 * One line of an SFT training file (JSON Lines), as lenient as synth-ai's
 * `collect_sft_jsonl_errors` (CONTRACT.md §13.3): roles are any non-empty
 * string, content may be null, a string, an array or an object, and unknown
 * keys are kept everywhere. Image parts (CONTRACT.md §10) must carry a
 * non-blank URL.
 */
import { z } from "../zod.js";

type Issue = { message: string; path?: PropertyKey[] };

const IMAGE_PART_TYPES = new Set(["image", "image_url"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The URL of an image-typed part: `image_url.url` when `image_url` is an object, else the `image` string. */
export function readImagePartUrl(part: Record<string, unknown>): unknown {
  return isRecord(part.image_url) ? part.image_url.url : part.image;
}

/** Reports image parts (`type` "image" or "image_url") of a message content whose URL is missing or blank. */
function checkImageParts(content: unknown, issues: Issue[]): void {
  const parts = Array.isArray(content) ? content : [content];
  parts.forEach((part, index) => {
    if (!isRecord(part) || typeof part.type !== "string" || !IMAGE_PART_TYPES.has(part.type)) return;
    if (!isBlank(readImagePartUrl(part))) return;
    issues.push({
      message: "image part needs a non-blank URL in image_url.url or image",
      path: Array.isArray(content) ? [index] : [],
    });
  });
}

/** The function name a lenient tool call carries: `function.name` if it is a string, else top-level `name`. */
export function readToolCallName(call: Record<string, unknown>): unknown {
  const fn = call.function;
  if (isRecord(fn) && typeof fn.name === "string") return fn.name;
  return call.name;
}

const optionalString = (what: string, description: string) =>
  z.string({ error: `${what} must be a string if present` }).nullish().meta({ description });

export const SFTContent = z
  .union([z.null(), z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: (iss) =>
      `content must be null, a string, an array of parts or an object (got ${describeType(iss.input)})`,
  })
  .check((ctx) => {
    const issues: Issue[] = [];
    checkImageParts(ctx.value, issues);
    for (const issue of issues) ctx.issues.push({ code: "custom", input: ctx.value, ...issue });
  })
  .meta({
    description:
      'Message body: null, text, an array of content parts, or a single part object. Parts with type "image" or "image_url" need a non-blank URL.',
    examples: ["Hello", [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }]],
  });

export const SFTToolCall = z
  .looseObject(
    {
      id: z.unknown().optional().meta({ description: "Call id (any value; read as a string)." }),
      type: z.unknown().optional().meta({ description: 'Call kind, usually "function" (any value; read as a string).' }),
      function: z.unknown().optional().meta({
        description: "OpenAI form: `{name, arguments}`. Ignored unless an object; arguments may be a JSON string.",
      }),
      name: z.unknown().optional().meta({ description: "Flat form: the function name, used when function.name is absent." }),
      arguments: z.unknown().optional().meta({ description: "Flat form: the call arguments." }),
    },
    { error: "tool call must be an object" },
  )
  .refine((call) => !isBlank(readToolCallName(call)), {
    error: "tool call needs a non-empty function name (function.name or name)",
  })
  .meta({
    description: "A tool call in OpenAI form (`function.name`) or flat form (`name`). Extra keys are kept.",
    examples: [{ id: "call_0", type: "function", function: { name: "interact", arguments: '{"actions":["noop"]}' } }],
  });
export type SFTToolCall = z.infer<typeof SFTToolCall>;

export const SFTMessage = z
  .looseObject(
    {
      role: z
        .string({ error: "role must be a non-empty string" })
        .refine((role) => role.trim() !== "", { error: "role must be a non-empty string" })
        .meta({ description: "Speaker; any non-empty string (not checked against a list).", examples: ["user", "assistant"] }),
      content: SFTContent.optional(),
      tool_calls: z
        .array(SFTToolCall, { error: "tool_calls must be a list" })
        .nullish()
        .meta({ description: "Tool calls made in this turn." }),
      tool_call_id: z.unknown().optional().meta({ description: "For tool results: the id of the call answered (any value; read as a string)." }),
      name: optionalString("name", "Optional participant or tool name."),
      reasoning: optionalString("reasoning", "Explicit reasoning (thinking) text for this turn."),
      raw_content: optionalString("raw_content", "The original content before reasoning was split out of it."),
    },
    { error: "message must be an object" },
  )
  .meta({ description: "One chat turn. Keys other than the listed ones are kept as extras." });
export type SFTMessage = z.infer<typeof SFTMessage>;

export const SFTToolDefinition = z
  .looseObject(
    {
      name: z
        .string({ error: "tool name must be a non-empty string" })
        .refine((name) => name.trim() !== "", { error: "tool name must be a non-empty string" })
        .meta({ description: "Tool (function) name.", examples: ["interact"] }),
      description: optionalString("description", "What the tool does."),
      parameters: z
        .record(z.string(), z.unknown(), { error: "parameters must be an object if present" })
        .nullish()
        .meta({ description: "JSON Schema of the tool arguments." }),
    },
    { error: "tool must be an object" },
  )
  .meta({ description: "A tool offered to the model in this example." });
export type SFTToolDefinition = z.infer<typeof SFTToolDefinition>;

export const SFTExample = z
  .looseObject(
    {
      messages: z
        .array(SFTMessage, { error: "messages must be a list of chat messages" })
        .min(1, { error: "messages must contain at least 1 message" })
        .meta({ description: "The conversation, at least one message." }),
      tools: z
        .array(SFTToolDefinition, { error: "tools must be a list if present" })
        .nullish()
        .meta({ description: "Tools available in this conversation." }),
      tool_choice: z.unknown().optional().meta({ description: 'Tool choice hint (any value, e.g. "auto").' }),
      metadata: z
        .record(z.string(), z.unknown(), { error: "metadata must be an object if present" })
        .nullish()
        .meta({ description: "Free-form metadata about the example.", examples: [{ seed: 3, source: "crafter" }] }),
    },
    { error: "expected a JSON object" },
  )
  .meta({
    id: "SFTExample",
    description:
      "One line of an SFT JSONL file: a conversation plus optional tools and metadata. Unknown keys are kept.",
    examples: [
      {
        messages: [
          { role: "user", content: "2+2?" },
          { role: "assistant", content: "4" },
        ],
      },
    ],
  });
export type SFTExample = z.infer<typeof SFTExample>;
