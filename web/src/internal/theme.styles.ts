/**
 * The colour, font, radius and spacing defaults every ag-ui-lit element shares, so that elements side by side match
 * and one page rule (`--ag-ui-color-accent: ...` on a common ancestor) restyles them all.
 * @module
 * @internal
 */
import { css, unsafeCSS, type CSSResult } from 'lit';

/** The light defaults of the shared `--ag-ui-*` properties, declared on `:host` (a page's own value still wins). */
export const lightTokens = css`
  color-scheme: light;
  --ag-ui-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --ag-ui-font-size: 0.9375rem;
  --ag-ui-line-height: 1.5;
  --ag-ui-code-font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  --ag-ui-color-text: #1f2328;
  --ag-ui-color-muted: #57606a;
  --ag-ui-color-background: #ffffff;
  --ag-ui-color-surface: #f6f8fa;
  --ag-ui-color-border: #d0d7de;
  --ag-ui-color-accent: #0a58ca;
  --ag-ui-color-accent-text: #ffffff;
  --ag-ui-color-user-background: #ddf4ff;
  --ag-ui-color-user-text: #1f2328;
  --ag-ui-color-assistant-background: transparent;
  --ag-ui-color-code-background: #eff1f3;
  --ag-ui-color-danger: #b3261e;
  --ag-ui-color-danger-background: #ffebe9;
  --ag-ui-color-success: #1a7f37;
  --ag-ui-color-warning: #8a5a00;
  --ag-ui-focus-ring: 2px solid var(--ag-ui-color-accent);
  --ag-ui-radius: 0.5rem;
  --ag-ui-spacing: 0.75rem;
`;

/**
 * The box every element's host draws, in the shared tokens: a bordered, rounded flex column with the element's font
 * and colours. Declared inside each element's `:host` rule, after its tokens.
 */
export const hostBox = css`
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  font-family: var(--ag-ui-font-family);
  font-size: var(--ag-ui-font-size);
  line-height: var(--ag-ui-line-height);
  color: var(--ag-ui-color-text);
  background: var(--ag-ui-color-background);
  border: 1px solid var(--ag-ui-color-border);
  border-radius: var(--ag-ui-radius);
  overflow: hidden;
`;

/** The dark defaults of the shared `--ag-ui-color-*` properties. */
export const darkTokens = css`
  color-scheme: dark;
  --ag-ui-color-text: #e6edf3;
  --ag-ui-color-muted: #9ea7b3;
  --ag-ui-color-background: #0d1117;
  --ag-ui-color-surface: #161b22;
  --ag-ui-color-border: #3d444d;
  --ag-ui-color-accent: #58a6ff;
  --ag-ui-color-accent-text: #0d1117;
  --ag-ui-color-user-background: #1c3350;
  --ag-ui-color-user-text: #e6edf3;
  --ag-ui-color-assistant-background: transparent;
  --ag-ui-color-code-background: #1f2630;
  --ag-ui-color-danger: #ff8a80;
  --ag-ui-color-danger-background: #3a1614;
  --ag-ui-color-success: #56d364;
  --ag-ui-color-warning: #e3b341;
`;

/**
 * The `theme` attribute's rules: dark defaults under `prefers-color-scheme: dark` unless `theme="light"`, and always
 * with `theme="dark"`; `extraDark` adds an element's own dark defaults.
 */
export function themeRules(extraDark: CSSResult = unsafeCSS('')): CSSResult {
  return css`
    @media (prefers-color-scheme: dark) {
      :host(:not([theme='light'])) {
        ${darkTokens}
        ${extraDark}
      }
    }

    :host([theme='dark']) {
      ${darkTokens}
      ${extraDark}
    }
  `;
}
