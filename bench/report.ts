/** Plain-text tables for the console. */

export function table(headers: string[], rows: (string | number)[][], alignRight: boolean[] = []): string {
  const cells = [headers, ...rows.map((r) => r.map(String))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (alignRight[i] ? (c ?? '').padStart(widths[i]) : (c ?? '').padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  return [fmt(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(fmt)].join('\n')
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1)
export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

/** A heading in the benchmark's output. */
export function section(title: string) {
  console.info(`\n== ${title}`)
}
