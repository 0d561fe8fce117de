import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  EmptyResultSchema,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type CallToolResult,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolTaskHandler } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { z } from 'zod';
import { corsHeaders, handleTestOAuth, type TestMcpServerOptions } from './test-mcp-server-http.js';

/** What a dynamic tool of the test server does when called. */
export type TestToolKind = 'add' | 'slow' | 'fail' | 'echo' | 'media' | 'stats' | 'progress' | 'task';

/** What a `progress` tool reports, in order, before it answers `done`. */
export const TEST_PROGRESS_STEPS: ReadonlyArray<{ progress: number; total: number; message: string }> = [
  { progress: 1, total: 3, message: 'Step 1 of 3' },
  { progress: 2, total: 3, message: 'Step 2 of 3' },
  { progress: 3, total: 3, message: 'Step 3 of 3' },
];

/** A tool of the test server, as the control endpoint describes it. */
export interface TestToolSpec {
  name: string;
  /** The display name (MCP `Tool.title`), if any. */
  title?: string;
  description: string;
  /** Argument name -> JSON type; every argument is required. */
  params: Record<string, 'number' | 'string'>;
  /**
   * A JSON Schema listed as the tool's `inputSchema` instead of the one `params` gives (the server itself then takes any
   * object): to hand clients schemas Zod would not produce, such as `$ref` cycles.
   */
  inputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /**
   * What the tool does. `task`: listed with `execution.taskSupport: "required"` (MCP's task mode): a call must create
   * a task, which completes with the text `task done: <arguments as JSON>`.
   */
  kind: TestToolKind;
}

/**
 * How the server answers `tools/list` (a misbehaving server, for the listing bounds of `McpToolSource`):
 * - `normal`: one page with every tool;
 * - `endless`: every tool and a new `nextCursor` on every page, forever;
 * - `repeat`: every tool and the same `nextCursor` on every page;
 * - `stall`: never answers;
 * - `hold`: answers normally once the mode changes again (the requests wait until then).
 */
export type TestListingMode = 'normal' | 'endless' | 'repeat' | 'stall' | 'hold';

/** The cursor every page of a `repeat` listing names next. */
const REPEATED_CURSOR = 'again';

/** One `tools/call` the server received (after its own validation passed). */
export interface TestToolCall {
  tool: string;
  args: unknown;
}

/** One call the client cancelled (`notifications/cancelled` reached the handler). */
export interface TestCancellation {
  tool: string;
  reason: string;
}

/** What `GET /mcp-control/servers/<id>` answers. */
export interface TestMcpServerState {
  id: string;
  url: string;
  running: boolean;
  sessions: number;
  /** Standalone GET streams open (where `notifications/tools/list_changed` travels). */
  openStreams: number;
  calls: TestToolCall[];
  cancellations: TestCancellation[];
  tools: string[];
  /** `tools/list` requests received, over every session (the first listing included). */
  listRequests: number;
  listing: TestListingMode;
}

/** The tools every test server starts with. */
export const DEFAULT_TEST_TOOLS: readonly TestToolSpec[] = [
  {
    name: 'add',
    title: 'Add numbers',
    description: 'Adds two numbers',
    params: { a: 'number', b: 'number' },
    annotations: { readOnlyHint: true, idempotentHint: true },
    kind: 'add',
  },
  { name: 'slow', description: 'Waits until it is cancelled', params: {}, kind: 'slow' },
  { name: 'fail', description: 'Always fails', params: { reason: 'string' }, kind: 'fail' },
  { name: 'media', description: 'Returns text, an image and resources', params: {}, kind: 'media' },
  { name: 'stats', description: 'Returns structured content', params: {}, annotations: { readOnlyHint: true }, kind: 'stats' },
  {
    name: 'delete_note',
    description: 'Deletes a note',
    params: { id: 'string' },
    annotations: { readOnlyHint: true, destructiveHint: true },
    kind: 'echo',
  },
];

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  tools: Map<string, RegisteredTool>;
  /** Its standalone GET streams open (where notifications and the server's requests travel). */
  streams: number;
}

function paramsShape(params: TestToolSpec['params']): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, type] of Object.entries(params)) shape[key] = type === 'number' ? z.number() : z.string();
  return shape;
}

/** The arguments schema of a tool: its `params`, or any object listed as its raw `inputSchema` (Zod metadata). */
function argumentsSchema(spec: TestToolSpec): Record<string, z.ZodType> | z.ZodType {
  return spec.inputSchema ? z.object({}).loose().meta(spec.inputSchema) : paramsShape(spec.params);
}

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/**
 * A real MCP server for the tests (the SDK's `McpServer` over Streamable HTTP, one per session) on its own port of
 * 127.0.0.1, with a bearer token, CORS for the test page, and knobs the control middleware turns: stop and restart
 * (sessions are lost, as in a real restart), add, change and remove tools (each live session sends
 * `notifications/tools/list_changed`), and a log of the calls and cancellations it received.
 */
export class TestMcpServer {
  readonly id = randomUUID().slice(0, 8);
  readonly token = `test-token-${randomUUID()}`;
  readonly calls: TestToolCall[] = [];
  readonly cancellations: TestCancellation[] = [];
  #specs = new Map<string, TestToolSpec>(DEFAULT_TEST_TOOLS.map((spec) => [spec.name, spec]));
  #sessions = new Map<string, Session>();
  #http: Server | undefined;
  #port = 0;
  #openStreams = 0;
  #listRequests = 0;
  #listing: TestListingMode = 'normal';
  /** `tools/list` requests waiting for the `hold` mode to end. */
  #held: Array<() => void> = [];
  /** Numbers the cursors of `endless` listings. */
  #cursors = 0;
  readonly #options: TestMcpServerOptions;
  /** The tasks of `task` tools, over every session. */
  readonly #taskStore = new InMemoryTaskStore();

  constructor(options: TestMcpServerOptions = {}) {
    this.#options = options;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}/mcp`;
  }

  get running(): boolean {
    return this.#http !== undefined;
  }

  state(): TestMcpServerState {
    return {
      id: this.id,
      url: this.url,
      running: this.running,
      sessions: this.#sessions.size,
      openStreams: this.#openStreams,
      calls: this.calls,
      cancellations: this.cancellations,
      tools: [...this.#specs.keys()],
      listRequests: this.#listRequests,
      listing: this.#listing,
    };
  }

  /** Sets how `tools/list` is answered from now on; leaving `hold` answers the requests it held. */
  setListing(mode: TestListingMode): void {
    this.#listing = mode;
    if (mode === 'hold') return;
    for (const deliver of this.#held.splice(0)) deliver();
  }

  /**
   * Sends `count` `notifications/tools/list_changed` to every session with a standalone stream; with `confirm`, then
   * pings it over that stream: the client handles messages of a stream in order, so once its answer is back, it has
   * handled every notification. (Not when the client may close the session over them: the answer would be lost.)
   */
  async sendListChanged(count: number, confirm: boolean): Promise<void> {
    const sessions = [...this.#sessions.values()].filter((session) => session.streams > 0);
    await Promise.all(
      sessions.map(async ({ server }) => {
        for (let i = 0; i < count; i++) await server.server.sendToolListChanged();
        if (confirm) await server.server.request({ method: 'ping' }, EmptyResultSchema, { timeout: 10_000 });
      }),
    );
  }

  /** Listens (again) on its port; the first start picks a free one. */
  async start(): Promise<void> {
    if (this.#http) return;
    const http = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (http.address() as AddressInfo).port;
    this.#http = http;
  }

  /** Stops listening, cuts every connection and forgets every session. */
  async stop(): Promise<void> {
    const http = this.#http;
    if (!http) return;
    this.#http = undefined;
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    this.#openStreams = 0;
    this.#held = [];
  }

  /** Adds a tool, or replaces the one of that name; live sessions announce the change. */
  setTool(spec: TestToolSpec): void {
    this.#specs.set(spec.name, spec);
    for (const session of this.#sessions.values()) {
      const existing = session.tools.get(spec.name);
      if (existing && spec.inputSchema) {
        existing.remove(); // `update()` takes a shape only
        this.#register(session, spec);
      } else if (existing) {
        existing.update({
          description: spec.description,
          paramsSchema: paramsShape(spec.params),
          ...(spec.annotations && { annotations: spec.annotations }),
        });
      } else {
        this.#register(session, spec);
      }
    }
  }

  /** Removes a tool; live sessions announce the change. */
  removeTool(name: string): boolean {
    if (!this.#specs.delete(name)) return false;
    for (const session of this.#sessions.values()) {
      session.tools.get(name)?.remove();
      session.tools.delete(name);
    }
    return true;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [key, value] of Object.entries(corsHeaders(this.#options))) res.setHeader(key, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (this.#options.oauth && (await handleTestOAuth(req, res, this.token))) return;
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null }));
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    try {
      if (typeof sessionId === 'string') {
        const session = this.#sessions.get(sessionId);
        if (!session) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
          return;
        }
        if (req.method === 'GET') {
          this.#openStreams++;
          session.streams++;
          res.on('close', () => {
            this.#openStreams = Math.max(0, this.#openStreams - 1);
            session.streams--;
          });
        }
        await session.transport.handleRequest(req, res);
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null }));
        return;
      }
      await this.#newSession().transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: String(error) }, id: null }));
    }
  }

  #newSession(): Session {
    const server = new McpServer(
      { name: 'ag-ui-lit-test', version: '1.0.0' },
      { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore: this.#taskStore },
    );
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.#sessions.set(id, session),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    const session: Session = { transport, server, tools: new Map(), streams: 0 };
    for (const spec of this.#specs.values()) this.#register(session, spec);
    void server.connect(transport);
    this.#steerListing(transport);
    return session;
  }

  /**
   * Counts the session's `tools/list` requests and answers them as the listing mode says, between the transport and
   * the SDK's server (which connected first, so its handlers are the ones wrapped): a held or stalled request is not
   * handed on; the answer to a paged one gets a `nextCursor`.
   */
  #steerListing(transport: StreamableHTTPServerTransport): void {
    const paged = new Map<RequestId, string>();
    const deliver = transport.onmessage!;
    transport.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      if (!isJSONRPCRequest(message) || message.method !== 'tools/list') return deliver(message, extra);
      this.#listRequests++;
      const mode = this.#listing;
      if (mode === 'stall') return;
      if (mode === 'hold') return void this.#held.push(() => deliver(message, extra));
      if (mode === 'endless') paged.set(message.id, `page-${++this.#cursors}`);
      if (mode === 'repeat') paged.set(message.id, REPEATED_CURSOR);
      deliver(message, extra);
    };
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
      if (!isJSONRPCResultResponse(message) || !paged.has(message.id)) return send(message, options);
      const nextCursor = paged.get(message.id);
      paged.delete(message.id);
      return send({ ...message, result: { ...message.result, nextCursor } }, options);
    };
  }

  #register(session: Session, spec: TestToolSpec): void {
    if (spec.kind === 'task') return this.#registerTask(session, spec);
    const config = {
      ...(spec.title !== undefined && { title: spec.title }),
      description: spec.description,
      inputSchema: argumentsSchema(spec),
      ...(spec.annotations && { annotations: spec.annotations }),
      ...(spec.kind === 'stats' && { outputSchema: { count: z.number(), label: z.string() } }),
    };
    const handle = session.server.registerTool(spec.name, config, async (args: Record<string, unknown>, extra: ToolExtra) => {
      this.calls.push({ tool: spec.name, args });
      return this.#run(spec, args, extra);
    });
    session.tools.set(spec.name, handle);
  }

  /** A tool that requires MCP's task mode: the call creates a task that completes once the call has returned. */
  #registerTask(session: Session, spec: TestToolSpec): void {
    const inputSchema = paramsShape(spec.params);
    const handler: ToolTaskHandler<typeof inputSchema> = {
      createTask: async (args, { taskStore, taskRequestedTtl }) => {
        this.calls.push({ tool: spec.name, args });
        const task = await taskStore.createTask({ ttl: taskRequestedTtl ?? 60_000, pollInterval: 20 });
        setTimeout(() => void taskStore.storeTaskResult(task.taskId, 'completed', text(`task done: ${JSON.stringify(args)}`)), 0);
        return { task };
      },
      getTask: async (_args, { taskId, taskStore }) => taskStore.getTask(taskId),
      getTaskResult: async (_args, { taskId, taskStore }) => (await taskStore.getTaskResult(taskId)) as CallToolResult,
    };
    const config = { description: spec.description, inputSchema, execution: { taskSupport: 'required' as const } };
    session.tools.set(spec.name, session.server.experimental.tasks.registerToolTask(spec.name, config, handler));
  }

  async #run(spec: TestToolSpec, args: Record<string, unknown>, extra: ToolExtra): Promise<CallToolResult> {
    const { signal } = extra;
    switch (spec.kind) {
      case 'add':
        return text(String(Number(args.a) + Number(args.b)));
      case 'fail':
        return { isError: true, content: [{ type: 'text', text: `Failed on purpose: ${String(args.reason)}` }] };
      case 'slow':
        await new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        this.cancellations.push({ tool: spec.name, reason: String(signal.reason) });
        return text('cancelled');
      case 'media':
        return {
          content: [
            { type: 'text', text: 'Here is the chart.' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'resource_link', uri: 'file:///notes/1.md', name: 'note 1', mimeType: 'text/markdown' },
            { type: 'resource', resource: { uri: 'file:///notes/2.md', mimeType: 'text/markdown', text: '# Note 2' } },
          ],
        };
      case 'stats':
        return { content: [{ type: 'text', text: '{"count":3,"label":"notes"}' }], structuredContent: { count: 3, label: 'notes' } };
      case 'echo':
        return text(JSON.stringify(args));
      case 'progress': {
        // Sent on the call's own response stream, before its result: the client hears each during the call.
        const progressToken = extra._meta?.progressToken;
        if (progressToken === undefined) return text('no progress token');
        for (const step of TEST_PROGRESS_STEPS) {
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...step } });
        }
        return text('done');
      }
      case 'task':
        return text('a task tool runs through its task handler');
    }
  }
}
