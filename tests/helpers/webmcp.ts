// Helpers for the WebMCP tests: the polyfill's document.modelContext as the browser's agent uses it.

/** A tool as `document.modelContext.getTools()` lists it. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

interface AgentSideModelContext {
  getTools(): Promise<ListedTool[]>;
  executeTool(tool: ListedTool, inputArgsJson: string): Promise<string | null>;
}

function modelContext(): AgentSideModelContext {
  return (document as unknown as { modelContext: AgentSideModelContext }).modelContext;
}

/** The tools registered with the model context now. */
export function listWebMcpTools(): Promise<ListedTool[]> {
  return modelContext().getTools();
}

/** Names of the tools registered with the model context now. */
export async function webMcpToolNames(): Promise<string[]> {
  return (await listWebMcpTools()).map((tool) => tool.name);
}

/** What a call through WebMCP answered: the MCP `CallToolResult`. */
export interface WebMcpCallResult {
  content: Array<{ text: string }>;
  isError?: boolean;
  structuredContent?: unknown;
}

/** Calls a tool as the browser's agent would, through the model context (`executeTool`); the parsed result. */
export async function callThroughWebMcp(name: string, args: unknown): Promise<WebMcpCallResult> {
  const tool = (await listWebMcpTools()).find((each) => each.name === name);
  if (!tool) throw new Error(`${name} is not exposed`);
  return JSON.parse((await modelContext().executeTool(tool, JSON.stringify(args)))!) as WebMcpCallResult;
}
