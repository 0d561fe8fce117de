/**
 * @module
 * @internal
 */

/** The text of a thrown value for a report: `Name: first line of the message` (a stack overflow's is one line). */
export function errorText(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message.split('\n')[0]}` : String(cause);
}
