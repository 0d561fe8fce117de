// Helpers shared by the figures.
export const KiB = 1024;
export const verdict = (ok) => (ok ? 'MET' : 'MISSED');
export const ms = (value) => `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ms`;
export const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
export const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);
export const max = (values) => Math.max(...values);
