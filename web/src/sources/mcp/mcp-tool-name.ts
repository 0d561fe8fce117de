import { MAX_TOOL_ID_LENGTH, mcpToolId, TOOL_ID_SEPARATOR, ToolNamespace } from '../../tools/index.js';

/**
 * A namespaced tool id `<prefix><tool>` for a foreign tool name, which may hold any characters: every run of
 * characters other than letters, digits and `-` becomes one `_`, leading and trailing `_` go, and the result is cut so
 * the whole id fits in 64 characters. A clash with `taken` (two names that sanitize alike) gets `-2`, `-3`, ...
 * @param prefix - what comes before the tool part, e.g. `mcp__github__` or `webmcp__`
 * @param build - makes (and validates) the id from the tool part; default: `prefix + part`
 * @returns the id, or `undefined` when nothing usable is left (the prefix alone fills 64 characters)
 */
export function namespacedToolIdFor(
  prefix: string,
  toolName: string,
  taken: ReadonlySet<string>,
  build: (part: string) => string = (part) => `${prefix}${part}`,
): string | undefined {
  const room = MAX_TOOL_ID_LENGTH - prefix.length;
  const base = toolName.replace(/[^a-zA-Z0-9-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    if (room - suffix.length < 1) return undefined;
    const part = `${base.slice(0, room - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (part === '') continue;
    const id = build(part);
    if (!taken.has(id)) return id;
  }
  return undefined;
}

/**
 * The id `mcp__<server>__<tool>` of an MCP server's tool (see `namespacedToolIdFor` for the sanitizing), valid for
 * `parseToolId()`.
 * @example `mcpToolIdFor('github', 'issues/create', new Set()) // 'mcp__github__issues_create'`
 */
export function mcpToolIdFor(server: string, toolName: string, taken: ReadonlySet<string>): string | undefined {
  const prefix = `${ToolNamespace.MCP}${TOOL_ID_SEPARATOR}${server}${TOOL_ID_SEPARATOR}`;
  return namespacedToolIdFor(prefix, toolName, taken, (part) => mcpToolId(server, part));
}
