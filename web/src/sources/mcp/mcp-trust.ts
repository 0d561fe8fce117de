import { ToolEffect } from '../../tools/index.js';

/**
 * How far a page trusts one MCP server (`McpToolSourceOptions.trust`). The default, `{}`, trusts nothing: every tool
 * is `external_side_effect` (approval asked under the default policy) and the server's annotations can only tighten.
 */
export interface McpTrust {
  /**
   * The effect of this server's tools. Default `external_side_effect`: a remote tool may do anything with the
   * credentials the page gave the connection.
   */
  effect?: ToolEffect;
  /**
   * Whether the server's annotations may also loosen: `readOnlyHint: true` makes a tool `read_only` (no approval under
   * the default policy, retried and re-run after a reload like any read), and `idempotentHint: true` marks it
   * `metadata.idempotent` (retried). Default `false`: annotations are kept (tags) but only tighten.
   */
  annotations?: boolean;
}

/** The MCP tool annotations that affect trust (the spec calls them hints: a server may lie). */
export interface McpToolHints {
  /** A display name (older servers put it here rather than in `Tool.title`). */
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What the trust rules give one MCP tool. */
export interface McpTrustDecision {
  effect: ToolEffect;
  /** `true` when the annotations demand a person's approval whatever the effect (a destructive tool). */
  requiresApproval?: true;
  /** `true` when a repeat is safe by the server's word and the page opted into believing it. */
  idempotent?: true;
  /** One tag per hint the server set to `true`: `mcp:read-only`, `mcp:destructive`, `mcp:idempotent`, `mcp:open-world`. */
  tags: string[];
}

const HINT_TAGS: ReadonlyArray<[keyof McpToolHints, string]> = [
  ['readOnlyHint', 'mcp:read-only'],
  ['destructiveHint', 'mcp:destructive'],
  ['idempotentHint', 'mcp:idempotent'],
  ['openWorldHint', 'mcp:open-world'],
];

/**
 * Applies the trust rules to one tool:
 * - the effect is `trust.effect` (default `external_side_effect`);
 * - with `trust.annotations`, `readOnlyHint: true` lowers it to `read_only` and `idempotentHint: true` sets `idempotent`;
 * - whatever the trust, annotations tighten: `readOnlyHint: false` (said outright) raises a `read_only` effect to
 *   `external_side_effect`, and `destructiveHint: true` on a tool not trusted as read-only asks for approval
 *   (`requiresApproval: true`) even when the policy would not; a destructive tool is never loosened to `read_only`.
 */
export function decideTrust(hints: McpToolHints | undefined, trust: McpTrust = {}): McpTrustDecision {
  const tags = HINT_TAGS.filter(([hint]) => hints?.[hint] === true).map(([, tag]) => tag);
  let effect: ToolEffect = trust.effect ?? ToolEffect.EXTERNAL_SIDE_EFFECT;
  const destructive = hints?.destructiveHint === true;
  if (trust.annotations === true && hints?.readOnlyHint === true && !destructive) effect = ToolEffect.READ_ONLY;
  if (effect === ToolEffect.READ_ONLY && (hints?.readOnlyHint === false || destructive)) effect = ToolEffect.EXTERNAL_SIDE_EFFECT;
  const decision: McpTrustDecision = { effect, tags };
  if (destructive) decision.requiresApproval = true;
  if (trust.annotations === true && hints?.idempotentHint === true) decision.idempotent = true;
  return decision;
}

