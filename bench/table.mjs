/**
 * Formats benchmark rows as a Markdown table (it reads well in a terminal and pastes into the README).
 * Row: { figure, contender, median, unit, reference?, ratio?, target?, verdict?, note? }
 * A row's `note` becomes a numbered footnote (see `formatNotes`), referenced from its contender cell.
 * With `options.baseline` (the baseline's name; `npm run bench -- --baseline <ref>`), two more columns: the baseline
 * build's median of the same figure and contender (`row.baseline`; `row.baselineNote` when it has none) and
 * current / baseline (`row.baselineRatio`).
 */
export function formatTable(rows, { baseline } = {}) {
  const header = ['figure', 'contender', 'median', 'floor or peer', 'ratio', 'target', 'verdict', ...(baseline ? [`baseline ${baseline}`, 'current / baseline'] : [])];
  const fmt = (value, unit) => {
    if (value === undefined || value === null || Number.isNaN(value)) return '–';
    if (typeof value === 'string') return value;
    const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
    return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
  };
  let footnote = 0;
  const body = rows.map((r) => [
    r.figure,
    r.note ? `${r.contender} [${++footnote}]` : r.contender,
    fmt(r.median, r.unit),
    r.reference ?? '–',
    r.ratio === undefined || r.ratio === null ? '–' : `${r.ratio.toFixed(2)}x`,
    r.target ?? '–',
    r.verdict ?? '–',
    ...(baseline
      ? [r.baseline === undefined ? (r.baselineNote ?? '–') : fmt(r.baseline, r.baselineUnit ?? r.unit), r.baselineRatio === undefined ? '–' : `${r.baselineRatio.toFixed(2)}x`]
      : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/** The rows' notes as numbered footnotes, in table order ('' when there are none). */
export function formatNotes(rows) {
  return rows
    .filter((r) => r.note)
    .map((r, i) => `[${i + 1}] ${r.note}`)
    .join('\n');
}
