/**
 * The insight's charts (docs/group-work.md "Insight"): plain SVG rendered on the server, no chart
 * library. Each SVG is decoration for sighted readers (aria-hidden); the numbers it draws are in
 * a table beside it, which screen readers read. One colour per series from the Okabe–Ito palette
 * (safe for colour-blind readers), the line drawn dashed-free and with points, so print in black
 * and white still tells bars from line.
 */

/** Okabe–Ito blue and vermillion-free sky blue: the bars and the average line. */
export const CHART_COLOURS = { bars: '#56B4E9', line: '#0072B2', axis: '#475569' }

/**
 * A member's trend over the weeks: a small line of the weekly averages (1–5); weeks without a loop
 * are gaps. An image named by its values (`label`), so a screen reader says the numbers.
 */
export function Sparkline({
  values,
  label,
  width = 96,
  height = 24,
}: {
  values: (number | null)[]
  label: string
  width?: number
  height?: number
}) {
  if (!values.some((v) => v !== null)) return null
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0
  const y = (v: number) => 2 + ((5 - v) / 4) * (height - 4)
  const segments: string[][] = [[]]
  values.forEach((v, i) => {
    if (v === null) segments.push([])
    else segments[segments.length - 1].push(`${(2 + i * step).toFixed(1)},${y(v).toFixed(1)}`)
  })
  const path = segments
    .filter((s) => s.length)
    .map((s) => (s.length === 1 ? `M${s[0]}h0.1` : `M${s.join('L')}`))
    .join('')
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="inline-block align-middle"
    >
      <path d={path} fill="none" stroke={CHART_COLOURS.line} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

export interface WeekPoint {
  label: string
  loops: number
  average: number | null
}

/**
 * Loops per week as bars (left scale) and the average emotional value per week as a line with
 * points (right scale, 1–5). Scales to its container's width.
 */
export function WeekChart({ weeks, legend }: { weeks: WeekPoint[]; legend: { loops: string; average: string } }) {
  const width = 640
  const height = 200
  const pad = { left: 44, right: 36, top: 16, bottom: 36 }
  const inner = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom }
  const maxLoops = Math.max(1, ...weeks.map((w) => w.loops))
  const slot = inner.w / Math.max(1, weeks.length)
  const x = (i: number) => pad.left + i * slot
  const yLoops = (n: number) => pad.top + inner.h - (n / maxLoops) * inner.h
  const yAverage = (v: number) => pad.top + ((5 - v) / 4) * inner.h
  const labelEvery = Math.ceil(weeks.length / 6)
  const points = weeks.map((w, i) => (w.average === null ? null : { x: x(i) + slot / 2, y: yAverage(w.average) }))
  const line = points.filter((p): p is { x: number; y: number } => p !== null)
  return (
    <div>
      <svg aria-hidden="true" viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-2xl" preserveAspectRatio="xMidYMid meet">
        <g fill={CHART_COLOURS.axis} fontSize="18">
          <text x={pad.left - 6} y={pad.top + 6} textAnchor="end">
            {maxLoops}
          </text>
          <text x={pad.left - 6} y={pad.top + inner.h} textAnchor="end">
            0
          </text>
          <text x={width - pad.right + 6} y={pad.top + 6}>
            5
          </text>
          <text x={width - pad.right + 6} y={pad.top + inner.h}>
            1
          </text>
          {weeks.map((w, i) =>
            i % labelEvery === 0 ? (
              <text key={w.label} x={x(i) + slot / 2} y={height - 10} textAnchor="middle">
                {w.label}
              </text>
            ) : null,
          )}
        </g>
        <line x1={pad.left} x2={width - pad.right} y1={pad.top + inner.h} y2={pad.top + inner.h} stroke={CHART_COLOURS.axis} />
        <g fill={CHART_COLOURS.bars}>
          {weeks.map((w, i) =>
            w.loops ? (
              <rect
                key={w.label}
                x={x(i) + slot * 0.15}
                width={slot * 0.7}
                y={yLoops(w.loops)}
                height={pad.top + inner.h - yLoops(w.loops)}
              />
            ) : null,
          )}
        </g>
        {line.length > 1 ? (
          <polyline points={line.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={CHART_COLOURS.line} strokeWidth="2.5" />
        ) : null}
        <g fill={CHART_COLOURS.line}>
          {line.map((p) => (
            <circle key={`${p.x}`} cx={p.x} cy={p.y} r="3.5" />
          ))}
        </g>
      </svg>
      <p aria-hidden="true" className="mt-1 flex flex-wrap gap-4 text-xs text-slate-700">
        <span>
          <span className="mr-1 inline-block h-3 w-3 align-middle" style={{ background: CHART_COLOURS.bars }} />
          {legend.loops}
        </span>
        <span>
          <span className="mr-1 inline-block h-1 w-4 align-middle" style={{ background: CHART_COLOURS.line }} />
          {legend.average}
        </span>
      </p>
    </div>
  )
}

/** A distribution of the five emotional values as one stacked bar (the class view; counts are in its table). */
export function DistributionBar({ counts }: { counts: number[] }) {
  const total = counts.reduce((a, b) => a + b, 0)
  if (!total) return null
  // Okabe–Ito from "bad" to "good": vermillion, orange, yellow, bluish green, blue.
  const colours = ['#D55E00', '#E69F00', '#F0E442', '#009E73', '#0072B2']
  let offset = 0
  return (
    <svg aria-hidden="true" viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full max-w-xs">
      {counts.map((n, i) => {
        const x = offset
        offset += (n / total) * 100
        return n ? <rect key={i} x={x} width={(n / total) * 100} height="10" fill={colours[i]} /> : null
      })}
    </svg>
  )
}
