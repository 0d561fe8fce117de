/**
 * What a tool card says about where its tool comes from: the MCP annotations of a remote (or WebMCP) tool, as the
 * server gave them (hints: the server's word, not the page's policy), and whether the tool changed since it was first
 * listed (`mcp:changed`: a remembered approval no longer applies).
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { RegisteredTool } from '../../../../tools/index.js';

/** The tags the MCP sources set (see `decideTrust`, `McpToolCatalog`), and what a card calls them. */
const BADGES: ReadonlyArray<[tag: string, label: string, title: string]> = [
  ['mcp:read-only', 'read-only', 'The server says this tool only reads'],
  ['mcp:destructive', 'destructive', 'The server says this tool may delete or overwrite'],
  ['mcp:idempotent', 'idempotent', 'The server says repeating this call is safe'],
  ['mcp:changed', 'changed since listed', 'The tool changed its description or schema since it was first listed'],
];

/** One badges list per distinct set, so a card's `guard` sees the same array while nothing changed. */
const cache = new Map<string, readonly string[]>();

/** The badge tags of `tool` (in a stable order), or `undefined` when it has none. */
export function toolSourceBadges(tool: RegisteredTool | undefined): readonly string[] | undefined {
  const tags = tool?.metadata?.tags;
  if (!tags || tags.length === 0) return undefined;
  const shown = BADGES.filter(([tag]) => tags.includes(tag)).map(([tag]) => tag);
  if (shown.length === 0) return undefined;
  const key = shown.join(' ');
  let badges = cache.get(key);
  if (!badges) cache.set(key, (badges = Object.freeze(shown)));
  return badges;
}

/** The badges of a card's header (`part="tool-call-hint tool-call-hint-<name>"`). */
export function renderToolSourceBadges(badges: readonly string[] | undefined): TemplateResult | typeof nothing {
  if (!badges) return nothing;
  return html`${BADGES.filter(([tag]) => badges.includes(tag)).map(
    ([tag, label, title]) =>
      html`<span part="tool-call-hint tool-call-hint-${tag.slice(4)}" class="tool-call-badge tool-call-hint" title=${title}>${label}</span>`,
  )}`;
}
