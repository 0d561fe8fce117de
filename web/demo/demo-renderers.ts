// Per-tool renderers of the demo: how a person, not a developer, sees two of the tools' calls (the raw arguments and
// result stay under each card's Details).
import { html } from 'lit';
import type { ToolCallRenderContext, ToolCallRenderer } from '../src/index.js';
import type { UiToolRenderContext } from '../src/tools/index.js';

const settled = new Set(['succeeded', 'failed', 'cancelled', 'uncertain', 'unanswered']);

/** `get_current_time` as a clock: the time large, its zone and date under it. */
function clockCard(call: ToolCallRenderContext): unknown {
  const args = (call.args ?? {}) as { timezone?: string };
  const result = (call.result ?? {}) as { time?: string; date?: string; timezone?: string };
  const zone = result.timezone ?? args.timezone ?? 'your time zone';
  if (!settled.has(call.status)) return html`<p style="margin:0">Checking the time in ${zone}…</p>`;
  if (!result.time) return html`<p style="margin:0">No time for ${zone}.</p>`;
  return html`<div style="display:flex;align-items:baseline;gap:.75rem;flex-wrap:wrap">
    <span style="font-size:2rem;font-variant-numeric:tabular-nums;font-weight:600">${result.time}</span>
    <span style="color:var(--ag-ui-color-muted)">${zone.replace(/_/g, ' ')} · ${result.date}</span>
  </div>`;
}

/** `change_background` as a colour swatch, from the arguments as soon as they stream in. */
function swatchCard(call: ToolCallRenderContext): unknown {
  const color = (call.args as { color?: string } | undefined)?.color;
  const valid = typeof color === 'string' && CSS.supports('color', color);
  const text =
    call.status === 'succeeded' ? `Background set to ${color}` : call.status === 'awaiting_approval' ? `Change the background to ${color}?` : `Background: ${color ?? '…'}`;
  return html`<div style="display:flex;align-items:center;gap:.75rem">
    <span
      role="img"
      aria-label=${valid ? `Colour swatch: ${color}` : 'No colour yet'}
      style="width:2.5rem;height:2.5rem;border-radius:.5rem;border:1px solid var(--ag-ui-color-border);background:${valid ? color : 'transparent'}"
    ></span>
    <span>${text}</span>
  </div>`;
}

/** `pick_color`'s question: a swatch per option, answering the call when clicked (disabled once answered). */
export function pickColorCard(call: UiToolRenderContext<{ question: string; options: string[] }>): unknown {
  const chosen = (call.result as { color?: string } | undefined)?.color;
  const options = call.args?.options ?? [];
  return html`<fieldset style="border:0;margin:0;padding:0">
    <legend style="padding:0;margin-bottom:.5rem">${call.args?.question ?? 'Pick a colour'}</legend>
    <div style="display:flex;flex-wrap:wrap;gap:.5rem">
      ${options.map(
        (color) => html`<button
          type="button"
          ?disabled=${!call.respond}
          aria-pressed=${chosen === color ? 'true' : 'false'}
          @click=${() => call.respond?.({ color })}
          style="display:flex;align-items:center;gap:.375rem;padding:.25rem .5rem;border-radius:.5rem;border:${chosen === color ? '2px solid var(--ag-ui-color-accent)' : '1px solid var(--ag-ui-color-border)'};background:var(--ag-ui-color-background);color:var(--ag-ui-color-text);font:inherit;cursor:pointer"
        >
          <span aria-hidden="true" style="width:1.25rem;height:1.25rem;border-radius:.25rem;border:1px solid var(--ag-ui-color-border);background:${color}"></span>${color}
        </button>`,
      )}
    </div>
  </fieldset>`;
}

export const demoRenderers: Record<string, ToolCallRenderer> = {
  get_current_time: clockCard,
  change_background: swatchCard,
};
