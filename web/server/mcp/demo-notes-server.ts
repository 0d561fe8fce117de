import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { sendJsonError } from '../http-json.js';

/** Where the dev server (and the test runner) mount the demo's notes server. */
export const DEMO_NOTES_PATH = '/mcp/notes';

/** The demo notes server's tools, by their MCP names (the page sees them as `mcp__notes__<name>`). */
export const DemoNotesTool = {
  LIST_NOTES: 'list_notes',
  ADD_NOTE: 'add_note',
} as const;
export type DemoNotesTool = (typeof DemoNotesTool)[keyof typeof DemoNotesTool];

/** One note the demo notes server keeps. */
export interface DemoNote {
  id: number;
  text: string;
  /** ISO 8601, when it was added. */
  createdAt: string;
}

/** A Node-style middleware; it calls `next()` for every request outside its path. */
export interface DemoNotesMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** The notes kept now, oldest first. */
  readonly notes: readonly DemoNote[];
  /** Closes every session. */
  close(): Promise<void>;
}

/** Longest note text the server takes, in characters. */
const MAX_NOTE_LENGTH = 500;
/** Most notes kept; the oldest go first. */
const MAX_NOTES = 50;

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/**
 * The demo's MCP server: a small notes store (the SDK's `McpServer` over Streamable HTTP, stateful sessions as in the
 * SDK's server examples) that the demo page connects to with `mcpServers = [{ name: 'notes', url: '/mcp/notes' }]`.
 * Same origin as the page, so no CORS and no credentials. Notes live in memory, shared by every session, until the
 * dev server stops.
 *
 * - `list_notes` (`readOnlyHint`): the notes, as text and as structured content `{ notes: DemoNote[] }`.
 * - `add_note {text}`: adds a note; a write, so the page asks the person first (remote tools are untrusted).
 *
 * @example
 * ```ts
 * server.middlewares.use(createDemoNotesMiddleware()); // Vite's configureServer
 * ```
 */
export function createDemoNotesMiddleware(path: string = DEMO_NOTES_PATH): DemoNotesMiddleware {
  const notes: DemoNote[] = [];
  let nextId = 1;
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const newServer = (): McpServer => {
    const server = new McpServer({ name: 'ag-ui-lit-demo-notes', version: '1.0.0' });
    server.registerTool(
      DemoNotesTool.LIST_NOTES,
      {
        description: 'Lists the notes kept on the demo notes server, oldest first.',
        inputSchema: {},
        outputSchema: { notes: z.array(z.object({ id: z.number(), text: z.string(), createdAt: z.string() })) },
        annotations: { title: 'List notes', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      () => ({
        content: [{ type: 'text', text: notes.length === 0 ? 'No notes yet.' : notes.map((note) => `${note.id}. ${note.text}`).join('\n') }],
        structuredContent: { notes: [...notes] },
      }),
    );
    server.registerTool(
      DemoNotesTool.ADD_NOTE,
      {
        description: 'Adds a note to the demo notes server.',
        inputSchema: { text: z.string().min(1).max(MAX_NOTE_LENGTH).describe('The text of the note') },
        annotations: { title: 'Add a note', readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      ({ text: noteText }) => {
        const note: DemoNote = { id: nextId++, text: noteText.trim(), createdAt: new Date().toISOString() };
        notes.push(note);
        if (notes.length > MAX_NOTES) notes.splice(0, notes.length - MAX_NOTES);
        return text(`Added note ${note.id}: ${note.text}`);
      },
    );
    return server;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      // 404 tells the client its session is gone (a restarted dev server): it starts a new one.
      if (!transport) return sendJsonError(res, 404, 'session_not_found', 'Session not found');
      await transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') return sendJsonError(res, 400, 'no_session', 'Start a session with an initialize POST');
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await newServer().connect(transport);
    await transport.handleRequest(req, res);
  };

  const middleware = ((req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== path) return next();
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonError(res, 500, 'internal_error', String(error));
      else res.end();
    });
  }) as DemoNotesMiddleware;
  Object.defineProperty(middleware, 'notes', { get: () => notes });
  middleware.close = async () => {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.allSettled(open.map((transport) => transport.close()));
  };
  return middleware;
}
