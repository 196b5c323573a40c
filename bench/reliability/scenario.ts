/** What a reliability scenario is and gets: one file per scenario beside this one, listed in ./scenarios.ts. */
import type { BenchData } from '../database'
import type { BenchServer } from '../server'

/** One measured figure against its target (pass undefined: information only). */
export interface Figure {
  figure: string
  value: string
  target: string
  pass?: boolean
}

export interface ScenarioContext {
  /** The seeded database's ids (the large organization, its admin). */
  data: BenchData
  /** The run's DATABASE_URL (file:… for SQLite, postgres://… with --database-url). */
  databaseUrl: string
  /** Starts a production server on the run's database, with more configuration if given; the runner stops it afterwards. */
  startServer: (env?: Record<string, string>) => Promise<BenchServer>
  /** The Cookie header of a session of the large organization's admin on that server. */
  adminCookie: (server: BenchServer) => Promise<string>
  /** Scale of the run: 1 = as the issue describes it (--quick makes it shorter). */
  durationSec: (issueSeconds: number) => number
  log: (line: string) => void
}

export interface ReliabilityScenario {
  name: string
  /** One line: what is done to the server and what is expected. */
  description: string
  /** True when it changes the data: the runner seeds a fresh database before the next scenario. */
  changesData?: boolean
  run: (ctx: ScenarioContext) => Promise<Figure[]>
}

export const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '-')
