import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-json.js';

/** How a `TestMcpServer` answers beside MCP itself (`POST /mcp-control/servers` takes these as its JSON body). */
export interface TestMcpServerOptions {
  /**
   * Whether its CORS answers list `mcp-session-id` in `Access-Control-Expose-Headers`. Default `true`; `false` is the
   * misconfigured server whose session id a page cannot read.
   */
  exposeSessionId?: boolean;
  /**
   * Whether it offers the OAuth sign-in a page's auth provider can go through: `/.well-known/*` answers 404 (so the
   * SDK falls back to `/authorize` and `/token` on the server's origin), and `POST /token` exchanges the code
   * `TEST_OAUTH_CODE` for the server's token. Default `false`.
   */
  oauth?: boolean;
}

/** The one authorization code the `oauth` test server exchanges for its token. */
export const TEST_OAUTH_CODE = 'test-authorization-code';

/** The CORS headers of a test server: any origin, MCP's request headers, and (unless told not to) the session id. */
export function corsHeaders(options: TestMcpServerOptions): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id',
    'access-control-expose-headers': options.exposeSessionId === false ? 'www-authenticate' : 'mcp-session-id, www-authenticate',
  };
}

/**
 * Answers the OAuth routes of an `oauth` test server: `/.well-known/*` with 404, `POST /token` with the token for
 * `TEST_OAUTH_CODE` (else OAuth's `invalid_grant`). Returns `false` for any other request.
 */
export async function handleTestOAuth(req: IncomingMessage, res: ServerResponse, token: string): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path.startsWith('/.well-known/')) {
    sendJson(res, 404, { error: 'not_found' });
    return true;
  }
  if (path !== '/token' || req.method !== 'POST') return false;
  const form = new URLSearchParams(await readBody(req, 16 * 1024));
  if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== TEST_OAUTH_CODE || !form.get('code_verifier')) {
    sendJson(res, 400, { error: 'invalid_grant' });
    return true;
  }
  sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  return true;
}
