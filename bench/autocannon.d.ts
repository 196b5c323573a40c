/** The part of autocannon 8's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    timeout?: number
  }
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
    throughput: Histogram
  }
  /** Without a callback the returned tracker is thenable; `stop()` ends the run early. */
  function autocannon(opts: Options): PromiseLike<Result> & { stop: () => void }
  export default autocannon
  export type { Options, Result }
}
