import { MAX_TOOL_ID_LENGTH, mcpToolId, TOOL_ID_SEPARATOR, ToolSource } from '../../tools/index.js';

/**
 * The tool part of `mcp__<server>__<tool>` for an MCP tool name, which may hold any characters: every run of
 * characters other than letters, digits and `-` becomes one `_`, leading and trailing `_` go, and the result is cut so
 * the whole id fits in 64 characters. `taken` holds the ids already given on this server: a clash (two names that
 * sanitize alike) gets `-2`, `-3`, ... appended.
 * @returns the namespaced id (valid for `mcpToolId`), or `undefined` when nothing usable is left (the server name
 *   alone fills 64 characters)
 * @example `mcpToolIdFor('github', 'issues/create', new Set()) // 'mcp__github__issues_create'`
 */
export function mcpToolIdFor(server: string, toolName: string, taken: ReadonlySet<string>): string | undefined {
  const room = MAX_TOOL_ID_LENGTH - `${ToolSource.MCP}${TOOL_ID_SEPARATOR}${server}${TOOL_ID_SEPARATOR}`.length;
  const base = toolName.replace(/[^a-zA-Z0-9-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    if (room - suffix.length < 1) return undefined;
    const part = `${base.slice(0, room - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (part === '') continue;
    const id = mcpToolId(server, part);
    if (!taken.has(id)) return id;
  }
  return undefined;
}
