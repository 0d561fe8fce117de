// Text that stays readable on a page background the agent chose (`change_background`): the page's own text colours
// are for its own backgrounds, and light text on "light blue" is unreadable (1.3:1).

/** Text colours for a background: the main one and a quieter one, each at least 4.5:1 on it (WCAG AA). */
export interface TextColors {
  text: string;
  muted: string;
}

const DARK: TextColors = { text: '#1d2330', muted: '#3d4451' };
const LIGHT: TextColors = { text: '#f0f3f6', muted: '#c9d1d9' };

/** The sRGB channels (0-255) and alpha (0-1) of any CSS colour, as the browser paints it. */
function paintedRgba(color: string): [number, number, number, number] | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a! / 255];
}

/** WCAG relative luminance of sRGB channels (0-255). */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

/** WCAG contrast ratio of two luminances (1 to 21). */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function hexLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return luminance([(value >> 16) & 255, (value >> 8) & 255, value & 255]);
}

/**
 * The text colours to use on the background `color` (any CSS colour; a translucent one is taken over the scheme's
 * canvas, white or black): dark text on a light background, light text on a dark one; the quieter colour falls back
 * to the main one where it would not reach 4.5:1.
 */
export function readableTextOn(color: string): TextColors {
  const rgba = paintedRgba(color);
  if (!rgba) return DARK;
  const under = matchMedia('(prefers-color-scheme: dark)').matches ? 0 : 255;
  const [r, g, b, a] = rgba;
  const background = luminance([r, g, b].map((channel) => channel * a + under * (1 - a)));
  const pick = contrast(background, hexLuminance(DARK.text)) >= contrast(background, hexLuminance(LIGHT.text)) ? DARK : LIGHT;
  return contrast(background, hexLuminance(pick.muted)) >= 4.5 ? pick : { text: pick.text, muted: pick.text };
}
