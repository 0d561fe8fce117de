import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { McpToolSourceError } from './mcp-errors.js';
import { McpErrorCode } from './mcp-tool-source.events.js';

/**
 * Bounds on one listing of a server's tools (`tools/list`, followed page by page through `nextCursor`), so that a
 * server that never stops paging, pages in a circle or stalls cannot keep the page listing. Past any of them the
 * listing fails with `McpToolSourceError` code `mcp_invalid_response` and its tools so far are not used.
 */
export interface McpListingOptions {
  /**
   * Most pages one listing reads, an integer >= 1 (other values: the default); a server still naming a `nextCursor`
   * after them is cut off. Default 100.
   */
  maxPages?: number;
  /**
   * Most time one listing, every page included, may take, in ms, a positive number (other values: the default); past
   * it the pending page's request is cancelled (MCP `notifications/cancelled`). Default 30000.
   */
  deadlineMs?: number;
}

/** The bounds `McpListingOptions` defaults to. A repeated cursor always ends a listing. */
export const DEFAULT_MCP_LISTING: Readonly<Required<McpListingOptions>> = Object.freeze({ maxPages: 100, deadlineMs: 30_000 });

/**
 * Every page of `tools/list`, within `options`' bounds.
 * @param server - the server's name, for the error message
 * @throws {McpToolSourceError} `mcp_invalid_response` when the server names a cursor it already named, still names
 *   one after `maxPages` pages, or the listing outlasts `deadlineMs`; any other error of the client as is
 * @internal
 */
export async function listAllTools(client: Client, server: string, options: McpListingOptions = {}): Promise<Tool[]> {
  const { maxPages: pages, deadlineMs: ms } = options;
  const maxPages = pages !== undefined && Number.isInteger(pages) && pages >= 1 ? pages : DEFAULT_MCP_LISTING.maxPages;
  const deadlineMs = ms !== undefined && ms > 0 && ms < Infinity ? ms : DEFAULT_MCP_LISTING.deadlineMs;
  const invalid = (what: string) =>
    new McpToolSourceError(`MCP server "${server}" ${what}: its tool list was not used`, McpErrorCode.INVALID_RESPONSE, server);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(invalid(`did not finish listing its tools within ${deadlineMs} ms`)), deadlineMs);
  const cursors = new Set<string>();
  const tools: Tool[] = [];
  try {
    let cursor: string | undefined;
    for (let page = 1; ; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, { signal: deadline.signal });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) return tools;
      if (cursors.has(cursor)) throw invalid(`repeated a tools/list cursor after ${page} pages`);
      if (page >= maxPages) throw invalid(`still had more tools after ${maxPages} pages`);
      cursors.add(cursor);
    }
  } catch (error) {
    // The SDK rejects a cancelled request with its own error; the deadline's says what happened.
    throw deadline.signal.aborted ? (deadline.signal.reason as McpToolSourceError) : error;
  } finally {
    clearTimeout(timer);
  }
}
