/**
 * `npm run bench -- --lighthouse`: Lighthouse (the devDependency, its default mobile preset:
 * simulated slow 4G, 4x CPU slowdown) in Debian's Chromium on each page of LIGHTHOUSE_PAGES
 * (scenarios.ts), signed in where the page says so. Each page is audited `runs` times and the run
 * with the median performance score is reported: the simulated CPU slowdown multiplies the task
 * times measured on this (shared) machine, so single runs wobble. The report of that run is kept
 * (bench/results/lighthouse-<page>.json; open it in https://googlechrome.github.io/lighthouse/viewer/).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium'
import { ROOT } from './server'

export interface LighthouseResult {
  version: string
  /** 0-100 */
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  fcpMs: number
  cls: number
  /** Performance scores of every run, the reported one being the median. */
  runScores: number[]
  /** The full Lighthouse report (JSON) of the reported run. */
  report: string
}

/** Audits `url` `runs` times; `cookie` (a Cookie header) is sent with every request of the page. */
export async function lighthouse(url: string, opts: { cookie?: string; runs: number }): Promise<LighthouseResult> {
  const results: LighthouseResult[] = []
  for (let i = 0; i < opts.runs; i++) results.push(await withRetry(() => lighthouseOnce(url, opts.cookie)))
  const sorted = [...results].sort((a, b) => a.performance - b.performance)
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runScores: results.map((r) => r.performance) }
}

/**
 * Lighthouse sometimes loses the trace of a load on a busy machine ("NO_NAVSTART", "Please run
 * Lighthouse again"): such a run is repeated, up to twice.
 */
async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (error) {
      if (i >= attempts || !/run Lighthouse again|NO_NAVSTART|NO_FCP/i.test((error as Error).message)) throw error
      console.warn(`(lighthouse asked to be run again: ${(error as Error).message.slice(0, 120)}; attempt ${i + 1})`)
    }
  }
}

interface LhReport {
  lighthouseVersion: string
  runtimeError?: { code: string; message: string }
  runWarnings?: string[]
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number }>
}

async function lighthouseOnce(url: string, cookie: string | undefined): Promise<LighthouseResult> {
  const cli = createRequire(`${ROOT}/package.json`).resolve('lighthouse/cli/index.js')
  const args = [
    cli,
    url,
    `--chrome-path=${CHROMIUM_PATH}`,
    `--chrome-flags=${['--headless', ...CHROMIUM_ARGS].join(' ')}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ]
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`lighthouse exited with ${code}: ${err.trim().slice(-400)}`)),
    )
  })
  const report = JSON.parse(stdout) as LhReport
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`)
  const score = (c: string) => Math.round((report.categories[c]?.score ?? NaN) * 100)
  const audit = (a: string) => report.audits[a]?.numericValue ?? NaN
  return {
    version: report.lighthouseVersion,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    runScores: [],
    report: stdout,
  }
}
