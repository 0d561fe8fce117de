import type { Context, InputContent, Message, RunAgentInput, Tool, ToolMessage } from '@ag-ui/client';
import type {
  LanguageModelV3FilePart,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';

/** Thrown for AG-UI content that no provider prompt can carry (the run fails with `bad_request`, nothing is dropped). */
export class PromptConversionError extends Error {
  override readonly name = 'AI_InvalidPromptError';
}

function mediaTypeOf(part: Exclude<InputContent, { type: 'text' }>): string {
  const source = (part as { source?: { mimeType?: string } }).source;
  if (source?.mimeType) return source.mimeType;
  return part.type === 'image' ? 'image/*' : part.type === 'document' ? 'application/pdf' : `${part.type}/*`;
}

/** One AG-UI content part as the AI SDK's prompt part (`text`, or `file` for images, audio, video and documents). */
function contentPart(part: InputContent): LanguageModelV3TextPart | LanguageModelV3FilePart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const source = (part as { source?: { type: string; value: string } }).source;
  if (!source) throw new PromptConversionError(`A ${part.type} content part without a source cannot be sent to a model`);
  if (source.type === 'data') return { type: 'file', data: source.value, mediaType: mediaTypeOf(part) };
  if (source.type === 'url') return { type: 'file', data: new URL(source.value), mediaType: mediaTypeOf(part) };
  throw new PromptConversionError(`A ${part.type} given as a provider file id (source type "${source.type}") cannot be sent; send its data or URL`);
}

function textOf(content: Message['content']): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  return '';
}

/** A tool call's `arguments` string as the JSON value the provider re-serializes; `{}` when it is not valid JSON. */
function toolInput(args: string): unknown {
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    // The loop answered this call with an `invalid_arguments` error; the provider still needs an object to pair it with.
    return {};
  }
}

function toolOutput(message: ToolMessage): LanguageModelV3ToolResultOutput {
  const failed = typeof message.error === 'string' && message.error !== '';
  if (typeof message.content === 'string' || message.content === undefined) {
    const value = message.content ?? message.error ?? '';
    return failed ? { type: 'error-text', value } : { type: 'text', value };
  }
  return {
    type: 'content',
    value: message.content.map((part) => {
      if (part.type === 'text') return { type: 'text', text: part.text };
      const file = contentPart(part) as LanguageModelV3FilePart;
      return file.data instanceof URL
        ? { type: 'file-url', url: file.data.href, mediaType: file.mediaType }
        : { type: 'file-data', data: String(file.data), mediaType: file.mediaType };
    }),
  };
}

/** The AG-UI `context` entries as one system message's text. */
function contextText(context: readonly Context[]): string {
  return `Context:\n${context.map((entry) => `- ${entry.description}: ${entry.value}`).join('\n')}`;
}

/**
 * AG-UI messages as the AI SDK's provider-neutral prompt (`LanguageModelV3Prompt`), which the provider package turns
 * into its wire format:
 *
 * - `system` option, then `context` entries, as leading system messages; AG-UI `system`/`developer` -> `system`;
 * - `user` -> text and file parts (images, audio, video, documents by data or URL);
 * - `assistant` -> its text, then one `tool-call` part per tool call (`toolCallId`, name, arguments parsed to JSON);
 * - `tool` -> a `tool-result` for its `toolCallId`: `error-text` when the message has `error` (Anthropic's
 *   `is_error: true`), else `text` (or `content` for a tool message with parts);
 * - `reasoning` and `activity` messages are not sent: they are the page's record, and Chat Completions has no place
 *   for them (Anthropic's signed thinking blocks are not kept in this slice).
 *
 * @throws PromptConversionError for content no prompt can carry (a provider file id).
 */
export function toPrompt(input: Pick<RunAgentInput, 'messages' | 'context'>, system?: string): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (system) prompt.push({ role: 'system', content: system });
  if (input.context.length > 0) prompt.push({ role: 'system', content: contextText(input.context) });
  const toolNames = new Map<string, string>();
  for (const message of input.messages) {
    const converted = toPromptMessage(message, toolNames);
    if (converted) prompt.push(converted);
  }
  return prompt;
}

function toPromptMessage(message: Message, toolNames: Map<string, string>): LanguageModelV3Message | undefined {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content) };
    case 'user':
      return {
        role: 'user',
        content: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content.map(contentPart),
      };
    case 'assistant': {
      const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
      if (message.content) content.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        toolNames.set(call.id, call.function.name);
        content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, input: toolInput(call.function.arguments) });
      }
      return content.length > 0 ? { role: 'assistant', content } : undefined;
    }
    case 'tool':
      return {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: message.toolCallId, toolName: toolNames.get(message.toolCallId) ?? 'unknown', output: toolOutput(message) },
        ],
      };
    default:
      return undefined;
  }
}

/** AG-UI tools (JSON Schema `parameters`) as the provider's function tools. */
export function toTools(tools: readonly Tool[]): LanguageModelV3FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: (tool.parameters as LanguageModelV3FunctionTool['inputSchema'] | undefined) ?? { type: 'object', properties: {} },
  }));
}
