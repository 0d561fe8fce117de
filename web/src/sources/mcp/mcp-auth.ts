import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpToolSourceError, redactSecrets } from './mcp-errors.js';
import { McpErrorCode } from './mcp-tool-source.events.js';

/** The `mcp_unauthorized` error of a sign-in that could not be completed; `secrets` (the code) are redacted. */
export function signInError(server: string, error: unknown, secrets: readonly string[]): McpToolSourceError {
  const detail = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  return new McpToolSourceError(
    `MCP server "${server}": the sign-in could not be completed: ${detail}`,
    McpErrorCode.UNAUTHORIZED,
    server,
    401,
    { signInRequired: true },
  );
}

/**
 * Completes an MCP server's OAuth sign-in on the page the authorization server sent the person back to, for a server
 * of `<ag-ui-agent>.mcpServers` (a page that holds its own `McpToolSource` calls its `finishAuth(code)` instead):
 * exchanges the `code` of the redirect back for tokens, which `authProvider.saveTokens()` keeps. Set (or keep)
 * `mcpServers` with the same provider afterwards; the element's "Sign in" action connects again.
 * @param server - the entry's `url` (relative URLs resolve against the page), its `authProvider`, and its `name` for
 *   the error message
 * @param authorizationCode - the `code` query parameter of the redirect back
 * @throws {McpToolSourceError} `mcp_unauthorized` when the exchange fails (the code redacted from the message)
 * @example
 * ```ts
 * const code = new URL(location.href).searchParams.get('code');
 * if (code) await finishMcpAuth({ name: 'notes', url: '/mcp/notes', authProvider }, code);
 * agent.mcpServers = [{ name: 'notes', url: '/mcp/notes', authProvider }];
 * ```
 */
export async function finishMcpAuth(
  server: { name?: string; url: string | URL; authProvider: OAuthClientProvider },
  authorizationCode: string,
): Promise<void> {
  const url = new URL(server.url, globalThis.location?.href);
  try {
    await new StreamableHTTPClientTransport(url, { authProvider: server.authProvider }).finishAuth(authorizationCode);
  } catch (error) {
    throw signInError(server.name ?? url.host, error, [authorizationCode]);
  }
}
