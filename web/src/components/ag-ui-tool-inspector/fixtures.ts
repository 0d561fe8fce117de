import { redactExecutionResult, redactToolArgs } from '../../tools/tool-redaction.js';
import type { ToolExecutionResult, ToolRedaction } from '../../tools/types.js';

/** A saved playground run: the arguments given and the outcome they got. */
export interface PlaygroundFixture {
  toolName: string;
  args: unknown;
  /** The outcome as JSON data (an error's `cause` left out). */
  result: ToolExecutionResult;
  /** When it was saved, ms since the epoch. */
  savedAt: number;
}

function isFixture(value: unknown): value is PlaygroundFixture {
  if (typeof value !== 'object' || value === null) return false;
  const fixture = value as Partial<PlaygroundFixture>;
  return typeof fixture.toolName === 'string' && typeof fixture.result === 'object' && fixture.result !== null;
}

/** The outcome without what JSON cannot hold or a replay cannot reproduce (an error's `cause`). */
export function plainResult(result: ToolExecutionResult): ToolExecutionResult {
  if (result.success) return { success: true, result: result.result };
  const { cause: _cause, ...error } = result.error;
  return { success: false, error: JSON.parse(JSON.stringify(error)) as typeof error };
}

/** The fixtures saved under `key` in `localStorage` (none when it is unavailable or holds something else). */
export function loadFixtures(key: string): PlaygroundFixture[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFixture) : [];
  } catch {
    return [];
  }
}

/** Saves the fixtures under `key`; `false` when `localStorage` refused (private mode, quota). */
export function saveFixtures(key: string, fixtures: readonly PlaygroundFixture[]): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(fixtures));
    return true;
  } catch {
    return false;
  }
}

/** Whether a replay gave the fixture's outcome: the same result text, or a failure of the same category and code. */
export function sameOutcome(expected: ToolExecutionResult, actual: ToolExecutionResult): boolean {
  if (expected.success && actual.success) return expected.result === actual.result;
  if (!expected.success && !actual.success) {
    return expected.error.category === actual.error.category && expected.error.code === actual.error.code;
  }
  return false;
}

/**
 * A ready-to-paste test (open-wc `expect`) that runs the fixture's call and checks its outcome; with a `redaction`,
 * its arguments and outcome as the page may see them (the clipboard is no place for what redaction keeps back).
 */
export function fixtureTest(saved: PlaygroundFixture, index: number, redaction?: ToolRedaction): string {
  const fixture = { ...saved, args: redactToolArgs(redaction, saved.args), result: redactExecutionResult(redaction, saved.result) };
  const call = `const result = await manager.execute(registry.get(${JSON.stringify(fixture.toolName)})!, 'fixture-${index + 1}', ${JSON.stringify(fixture.args)});`;
  const check = fixture.result.success
    ? `expect(result).to.deep.equal(${JSON.stringify(fixture.result)});`
    : `expect(result.success).to.equal(false);\nexpect(!result.success && result.error.category).to.equal(${JSON.stringify(fixture.result.error.category)});`;
  return `it('${fixture.toolName} gives the saved outcome', async () => {\n  ${call}\n  ${check.replace('\n', '\n  ')}\n});\n`;
}

/** Copies `fixtureTest(...)` to the clipboard; resolves to the notice to show (copied, or why not). Never rejects. */
export async function copyFixtureTest(fixture: PlaygroundFixture, index: number, redaction?: ToolRedaction): Promise<string> {
  try {
    await navigator.clipboard.writeText(fixtureTest(fixture, index, redaction));
    return 'Test copied to the clipboard.';
  } catch (error) {
    return `Could not copy: ${error instanceof Error ? error.message : String(error)}`;
  }
}
