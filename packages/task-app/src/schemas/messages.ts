/**
 * OpenAI chat-completions messages with multimodal content parts, as they
 * travel on the wire (CONTRACT.md §10). Keys are spelled exactly as on the
 * wire. Used for rollout traces, vision prompt templates and SFT data.
 *
 * Objects strip unknown keys on parse, the way synth-ai's pydantic wire
 * models ignore extras (CONTRACT.md §1.1).
 */
import { z } from "../zod.js";

const IMAGE_URL_PREFIX = /^(https?:\/\/\S|data:image\/[a-z0-9.+-]+;base64,\S)/i;

/** Whether `url` is an `http(s)://` URL or a base64 `data:image/<format>` URL with a payload. */
export function isSupportedImageUrl(url: string): boolean {
  return IMAGE_URL_PREFIX.test(url);
}

export const TextPart = z
  .object({
    type: z.literal("text").meta({ description: 'Part kind; always "text" for a text part.' }),
    text: z.string().meta({
      description: "The text of this part.",
      examples: ["What do you see in this frame?"],
    }),
  })
  .meta({
    description: "A text part of a multimodal message content array.",
    examples: [{ type: "text", text: "Describe the image." }],
  });
export type TextPart = z.infer<typeof TextPart>;

export const ImageDetail = z.enum(["auto", "low", "high"]).meta({
  description: "How closely the model looks at the image; OpenAI's default is auto.",
  examples: ["low"],
});

export const ImageUrl = z
  .object({
    url: z
      .string()
      .refine(isSupportedImageUrl, {
        error: 'image URL must start with "https://", "http://" or "data:image/<format>;base64,"',
      })
      .meta({
        description:
          "Where the image comes from: an http(s) URL or a base64 data URL (`data:image/png;base64,...`). Task apps send observation frames as PNG data URLs.",
        examples: ["data:image/png;base64,iVBORw0KGgo=", "https://example.com/frame.png"],
      }),
    detail: ImageDetail.optional(),
  })
  .meta({ description: "The image reference of an image_url part." });
export type ImageUrl = z.infer<typeof ImageUrl>;

export const ImageUrlPart = z
  .object({
    type: z.literal("image_url").meta({ description: 'Part kind; always "image_url" for an image part.' }),
    image_url: ImageUrl,
  })
  .meta({
    description: "An image part of a multimodal message content array.",
    examples: [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }],
  });
export type ImageUrlPart = z.infer<typeof ImageUrlPart>;

export const ContentPart = z
  .discriminatedUnion("type", [TextPart, ImageUrlPart], {
    error: 'content part type must be "text" or "image_url"',
  })
  .meta({
    id: "ContentPart",
    description: 'One part of a multimodal message content array, told apart by "type".',
  });
export type ContentPart = z.infer<typeof ContentPart>;

export const ChatRole = z.enum(["system", "user", "assistant", "tool"]).meta({
  description: "Who speaks: system instructions, the user, the model (assistant) or a tool result.",
  examples: ["user"],
});
export type ChatRole = z.infer<typeof ChatRole>;

export const ToolCallFunction = z
  .object({
    name: z.string().min(1).meta({ description: "Name of the function the model calls.", examples: ["interact"] }),
    arguments: z.string().meta({
      description: "The call arguments as a JSON-encoded string, exactly as the model produced them.",
      examples: ['{"actions": ["move_up"]}'],
    }),
  })
  .meta({ description: "The function a tool call invokes and its JSON-encoded arguments." });
export type ToolCallFunction = z.infer<typeof ToolCallFunction>;

export const ToolCall = z
  .object({
    id: z.string().meta({ description: "Call id; the tool result message echoes it as tool_call_id.", examples: ["call_0"] }),
    type: z.literal("function").meta({ description: 'Call kind; always "function".' }),
    function: ToolCallFunction,
  })
  .meta({
    description: "A function call requested by the assistant.",
    examples: [{ id: "call_0", type: "function", function: { name: "interact", arguments: '{"actions":["noop"]}' } }],
  });
export type ToolCall = z.infer<typeof ToolCall>;

export const MessageContent = z
  .union([z.string(), z.array(ContentPart), z.null()], {
    error: "content must be a string, an array of content parts or null",
  })
  .meta({
    description:
      "Message body: plain text, an array of text and image_url parts, or null (an assistant turn that only calls tools).",
    examples: ["Move toward the tree.", [{ type: "text", text: "Observation:" }]],
  });
export type MessageContent = z.infer<typeof MessageContent>;

export const ChatMessage = z
  .object({
    role: ChatRole,
    name: z.string().optional().meta({ description: "Optional participant name.", examples: ["crafter_agent"] }),
    content: MessageContent.optional(),
    tool_calls: z.array(ToolCall).optional().meta({ description: "Function calls the assistant requests in this turn." }),
    tool_call_id: z.string().optional().meta({
      description: "For role tool: the id of the tool call this message answers.",
      examples: ["call_0"],
    }),
  })
  .meta({
    id: "ChatMessage",
    description: "One OpenAI chat-completions message. Content may mix text and image parts.",
    examples: [
      {
        role: "user",
        content: [
          { type: "text", text: "What should I do next?" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      },
    ],
  });
export type ChatMessage = z.infer<typeof ChatMessage>;
