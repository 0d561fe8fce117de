/**
 * Namespaced tool ids, for tool sources that aggregate tools from several places into one registry:
 * `core__<tool>` for the page's own tools and `mcp__<server>__<tool>` for tools of an MCP server. The separator is a
 * double underscore because model providers accept only `[a-zA-Z0-9_-]{1,64}` in tool names.
 *
 * Parts: a `server` is `[a-zA-Z0-9-]+` (no underscore at all); a `tool` is `[a-zA-Z0-9-]` characters with single
 * underscores between them (`get_current_time`, `create-issue`), never `__` and never a leading or trailing `_`, so
 * that every id splits back into exactly one `(namespace, server, tool)`. The whole id is at most 64 characters.
 * @module
 */

/** Separator between the parts of a namespaced tool id. */
export const TOOL_ID_SEPARATOR = '__';

/** Longest tool id (what OpenAI and Anthropic accept). */
export const MAX_TOOL_ID_LENGTH = 64;

/**
 * The namespace of a tool id: its first part, which says where the tool comes from. (Not to be confused with a
 * source of tools such as `McpToolSource`, which registers tools under the `mcp` namespace.)
 */
export const ToolNamespace = {
  /** The page's own tools: `core__<tool>`. */
  CORE: 'core',
  /** A tool of an MCP server: `mcp__<server>__<tool>`. */
  MCP: 'mcp',
} as const;
export type ToolNamespace = (typeof ToolNamespace)[keyof typeof ToolNamespace];

/** A namespaced tool id taken apart by `parseToolId()`. */
export interface ParsedToolId {
  /** The id's namespace (`core` or `mcp`). */
  namespace: ToolNamespace;
  /** The MCP server's name (only for `mcp`). */
  server?: string;
  /** The tool's own name. */
  tool: string;
}

/** Codes of `ToolIdError`. */
export const ToolIdErrorCode = {
  /** A part is empty or has characters outside its pattern. */
  INVALID_PART: 'invalid_part',
  /** The id would be longer than 64 characters. */
  TOO_LONG: 'too_long',
} as const;
export type ToolIdErrorCode = (typeof ToolIdErrorCode)[keyof typeof ToolIdErrorCode];

/** Thrown by `coreToolId()` and `mcpToolId()` when the parts cannot make a valid id. */
export class ToolIdError extends Error {
  override name = 'ToolIdError';
  readonly code: ToolIdErrorCode;

  constructor(message: string, code: ToolIdErrorCode) {
    super(message);
    this.code = code;
  }
}

const SERVER_PART = /^[a-zA-Z0-9-]+$/;
const TOOL_PART = /^[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*$/;
const CORE_ID = /^core__([a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*)$/;
const MCP_ID = /^mcp__([a-zA-Z0-9-]+)__([a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*)$/;

function checkPart(value: unknown, pattern: RegExp, what: string, rule: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new ToolIdError(`Invalid ${what} ${JSON.stringify(value)}: ${rule}`, ToolIdErrorCode.INVALID_PART);
  }
  return value;
}

function checkLength(id: string): string {
  if (id.length > MAX_TOOL_ID_LENGTH) {
    throw new ToolIdError(`Tool id "${id}" is ${id.length} characters long; the limit is ${MAX_TOOL_ID_LENGTH}`, ToolIdErrorCode.TOO_LONG);
  }
  return id;
}

const TOOL_RULE = 'letters, digits and "-", with single "_" between them';

/**
 * `core__<tool>`, the id of one of the page's own tools.
 * @throws {ToolIdError} `invalid_part` for an empty tool or one with other characters, `__`, or a leading/trailing
 *   `_`; `too_long` past 64 characters
 * @example `coreToolId('get_current_time') // 'core__get_current_time'`
 */
export function coreToolId(tool: string): string {
  return checkLength(`${ToolNamespace.CORE}${TOOL_ID_SEPARATOR}${checkPart(tool, TOOL_PART, 'tool name', TOOL_RULE)}`);
}

/**
 * `mcp__<server>__<tool>`, the id of a tool of an MCP server.
 * @throws {ToolIdError} `invalid_part` for a server that is not `[a-zA-Z0-9-]+` or an invalid tool (see `coreToolId`);
 *   `too_long` past 64 characters
 * @example `mcpToolId('github', 'create_issue') // 'mcp__github__create_issue'`
 */
export function mcpToolId(server: string, tool: string): string {
  const serverPart = checkPart(server, SERVER_PART, 'MCP server name', 'letters, digits and "-" only');
  const toolPart = checkPart(tool, TOOL_PART, 'tool name', TOOL_RULE);
  return checkLength(`${ToolNamespace.MCP}${TOOL_ID_SEPARATOR}${serverPart}${TOOL_ID_SEPARATOR}${toolPart}`);
}

/**
 * Takes a namespaced tool id apart; the inverse of `coreToolId()`/`mcpToolId()`.
 * @returns `{ namespace: 'core', tool }`, `{ namespace: 'mcp', server, tool }`, or `undefined` for anything else (another
 *   prefix, an invalid part, more than 64 characters)
 * @example
 * ```ts
 * parseToolId('mcp__github__create_issue'); // { namespace: 'mcp', server: 'github', tool: 'create_issue' }
 * parseToolId('get_current_time');          // undefined
 * ```
 */
export function parseToolId(id: string): ParsedToolId | undefined {
  if (typeof id !== 'string' || id.length > MAX_TOOL_ID_LENGTH) return undefined;
  const core = CORE_ID.exec(id);
  if (core) return { namespace: ToolNamespace.CORE, tool: core[1]! };
  const mcp = MCP_ID.exec(id);
  if (mcp) return { namespace: ToolNamespace.MCP, server: mcp[1]!, tool: mcp[2]! };
  return undefined;
}
