import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type ContentBlock = CallToolResult['content'][number];

/** Size of base64 `data` once decoded, in bytes. */
function decodedBytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/**
 * One content block as text for the agent. Text is itself; media and resources are described rather than dropped
 * (the agent learns they exist, their type, size and URI; their bytes are not inlined into a tool message).
 */
export function describeContent(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, ${decodedBytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource link: ${block.name} <${block.uri}>${block.mimeType ? ` (${block.mimeType})` : ''}]`;
    case 'resource': {
      const { resource } = block;
      const type = resource.mimeType ? ` (${resource.mimeType})` : '';
      if ('text' in resource && typeof resource.text === 'string') return `[resource <${resource.uri}>${type}]\n${resource.text}`;
      const size = 'blob' in resource && typeof resource.blob === 'string' ? `, ${decodedBytes(resource.blob)} bytes` : '';
      return `[resource <${resource.uri}>${type}${size}]`;
    }
    default:
      return `[${String((block as { type?: unknown }).type)} content]`;
  }
}

/** Every content block described and joined by blank lines (`''` for no content). */
export function contentText(result: Pick<CallToolResult, 'content'>): string {
  return (result.content ?? []).map(describeContent).join('\n\n');
}

/**
 * The value a tool handler returns for a successful MCP result: `structuredContent` when the server sent it (the
 * runtime serializes it as JSON; the text blocks of such a result conventionally repeat it), else the content as text.
 * A structured result that also carries media or resources is given as text: the JSON, then those blocks described.
 */
export function toolResultValue(result: CallToolResult): unknown {
  if (result.structuredContent === undefined) return contentText(result);
  const others = (result.content ?? []).filter((block) => block.type !== 'text');
  if (others.length === 0) return result.structuredContent;
  return [JSON.stringify(result.structuredContent), ...others.map(describeContent)].join('\n\n');
}
