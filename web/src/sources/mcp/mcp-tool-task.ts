import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

/** The names of the listed tools that must be called in MCP's task mode (`execution.taskSupport: "required"`). */
export function taskRequiredTools(tools: readonly Tool[]): Set<string> {
  return new Set(tools.filter((tool) => tool.execution?.taskSupport === 'required').map((tool) => tool.name));
}

/**
 * Calls a tool in MCP's task mode (2025-11-25, the SDK's experimental `callToolStream`): the server answers with a
 * task at once, the SDK polls it (at the server's `pollInterval`) and fetches the result once it is `completed`.
 * Cancelling through `signal` also sends `tasks/cancel` for the task the server created.
 * @throws the SDK's `McpError` when the task failed or was cancelled, or the call could not be made
 * @internal
 */
export async function callToolAsTask(
  client: Client,
  params: { name: string; arguments: Record<string, unknown> },
  options: { signal: AbortSignal; onprogress: (progress: { progress: number; total?: number; message?: string }) => void },
): Promise<CallToolResult> {
  let taskId: string | undefined;
  const stream = client.experimental.tasks.callToolStream(params, undefined, { ...options, task: {} });
  try {
    for await (const message of stream) {
      if (message.type === 'taskCreated') taskId = message.task.taskId;
      else if (message.type === 'result') return message.result as CallToolResult;
      else if (message.type === 'error') throw message.error;
    }
  } finally {
    // The server keeps working on a task nobody polls: tell it to stop.
    if (options.signal.aborted && taskId !== undefined) void client.experimental.tasks.cancelTask(taskId).catch(() => undefined);
  }
  throw new Error(`MCP tool "${params.name}" ran as a task that ended without a result`);
}
