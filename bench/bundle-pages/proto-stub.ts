// Figure 4's counterfactual only (never shipped, never recommended to consumers): `@ag-ui/proto` replaced by the three
// names `@ag-ui/client` uses, to measure exactly what the statically imported protobuf decoder costs an SSE-only page.
export const AGUI_MEDIA_TYPE = 'application/vnd.ag-ui.event+proto';

export class AGUIUnknownEventTypeError extends Error {}

export function decode(): never {
  throw new Error('@ag-ui/proto is stubbed out in this size measurement');
}
