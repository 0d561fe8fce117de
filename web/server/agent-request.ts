import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunAgentInput } from '@ag-ui/core';
import type { RunWriter } from './run-writer.js';

/** One validated run request, as the middleware hands it to an agent (the demo agent or a test scenario). */
export interface AgentRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The validated `RunAgentInput`. */
  input: RunAgentInput;
  /** The request's query parameters (scenario options). */
  query: URLSearchParams;
  /** Wait before each event after `RUN_STARTED`, in ms: `?delay=`, else the `x-ag-ui-delay` header, else the route's default. */
  delayMs: number;
  /** Answers with `text/event-stream` and returns a writer for the run. Call it once, before writing anything. */
  openRun(): RunWriter;
}

/** An agent behind one route: answers one run request (an SSE stream, or an HTTP error). */
export type AgentHandler = (request: AgentRequest) => Promise<void>;
