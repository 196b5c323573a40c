import proxyaddr from 'proxy-addr'
import { z } from 'zod'

/**
 * A production APP_URL is https://, or http:// naming this machine (the browser tests and the
 * benchmark run the production build on http://localhost; nobody else can reach that origin).
 */
function isHttpsOrLocal(appUrl: string) {
  if (!URL.canParse(appUrl)) return true // reported by the url() check
  const url = new URL(appUrl)
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
}

/**
 * TRUST_PROXY: which peers may tell the client's address, protocol and host (X-Forwarded-For,
 * -Proto, -Host). Unset (or 0): none, the socket's peer is the client. A number: that many proxies
 * in front of the app, whatever their addresses. Otherwise a comma-separated list of addresses,
 * CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`, as Express's `trust proxy`
 * (proxy-addr, which also checks them here) takes them.
 */
const TrustProxySchema = z.string().transform((value, ctx): number | string[] => {
  if (/^\d+$/.test(value)) return Number(value)
  const list = value.split(',').map((s) => s.trim())
  const invalid = (message: string) => {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  if (list.some((s) => s === 'true' || s === '*')) {
    return invalid(
      'TRUST_PROXY must name the proxies (a hop count or their addresses): trusting every address lets any client choose its own',
    )
  }
  try {
    proxyaddr.compile(list)
  } catch (error) {
    return invalid(
      `TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal (${(error as Error).message})`,
    )
  }
  return list
})

/** SESSION_SECRET: one secret, or a comma-separated list during a rotation (the first signs). */
const SecretsSchema = z
  .string()
  .transform((value) => value.split(',').map((s) => s.trim()))
  .pipe(z.array(z.string().min(32, { message: 'SESSION_SECRET must be at least 32 characters (each of the list, when rotating)' })))

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.string().url({ message: 'APP_URL must be an absolute URL such as https://groups.example.se' }).optional(),
    DATABASE_URL: z
      .string()
      .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
        message: 'DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)',
      })
      .optional(),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), { message: 'SMTP_URL must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Groups <no-reply@localhost>'),
    SESSION_SECRET: SecretsSchema.optional(),
    BRAND_NAME: z.string().min(1).default('Groups'),
    /** Serve the development-only /hello-world page in a production build, for benchmarks. */
    ENABLE_DEV_ROUTES: z.enum(['0', '1']).default('0'),
    /** `0` when a reverse proxy compresses responses instead of the app (docs/operations.md). */
    COMPRESSION: z.enum(['0', '1']).default('1'),
    /** How often the housekeeping job deletes expired rows (app/services/platform/housekeeping.server.ts). */
    HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(3600),
    /** Sent mail is kept this many days, then deleted. */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
    /** Audit entries older than this many days are deleted; unset keeps them forever. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
    TRUST_PROXY: TrustProxySchema.optional(),
    /** Load shedding (server/admission.ts, docs/operations.md): pages and API calls handled at once. */
    MAX_REQUESTS_IN_PROGRESS: z.coerce.number().int().min(1).max(10_000).default(8),
    /** Requests that may wait for a place; one more is answered 503 at once. */
    MAX_REQUESTS_QUEUED: z.coerce.number().int().min(0).max(100_000).default(256),
    /** How long a request may wait for a place before it is answered 503. */
    MAX_QUEUE_WAIT_SECONDS: z.coerce.number().positive().max(60).default(3),
    /** Nothing more queues while the event loop was blocked longer than this in the last second; 0: off. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
    /** Prometheus metrics on a listener of their own (docs/operations.md#metrics); unset: none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The address the metrics listener binds to: this machine only unless set. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** A bearer token for the metrics: serves /metrics on the app's port too, and guards METRICS_PORT. */
    METRICS_TOKEN: z.string().min(32, { message: 'METRICS_TOKEN must be at least 32 characters' }).optional(),
    /** SQLite only: the server backs the database up into this folder on a schedule (docs/operations.md#backups). */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /** How many of its backups the schedule keeps (the oldest go first). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(48),
    /** On SIGTERM/SIGINT, how long requests in progress may take before they are cut (exit code 1). */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(8),
    /**
     * Requests each directory token may make to /scim/v2 in a minute, beyond which it is answered
     * 429 with Retry-After (docs/directory-sync.md#errors-and-limits). The default is twice the 25
     * requests a second Microsoft asks a SCIM endpoint to sustain per tenant.
     */
    SCIM_REQUESTS_PER_MINUTE: z.coerce.number().int().min(60).max(1_000_000).default(3000),
    /**
     * The version check (app/services/platform/app-version.server.ts, ADR 011): pages of a build older than
     * this version (x.y.z) must reload. Unset: only a different major version must.
     */
    MIN_APP_VERSION: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, { message: 'MIN_APP_VERSION must be a version such as 1.4.0' })
      .optional(),
    /**
     * For tests only: the build id the server says it runs, instead of the one built in, so a browser
     * test sees a "new version" without building twice (tests/e2e/background.spec.ts).
     */
    APP_BUILD_ID: z.string().min(1).max(100).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required in production' })
    }
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'APP_URL is required in production (the public https:// origin)' })
    }
    if (env.NODE_ENV === 'production' && env.APP_URL && !isHttpsOrLocal(env.APP_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'APP_URL must be https:// in production (http:// only for localhost, for local tests)',
      })
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: "METRICS_PORT must differ from PORT (set METRICS_TOKEN to serve /metrics on the app's port)",
      })
    }
    if (env.BACKUP_DIR && env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_DIR'],
        message: 'BACKUP_DIR is for SQLite: back PostgreSQL up with pg_dump or continuous archiving (docs/operations.md)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required in production (sign-up and password reset send email)',
      })
    }
  })

export type Env = Omit<z.infer<typeof EnvSchema>, 'SESSION_SECRET' | 'TRUST_PROXY'> & {
  APP_URL: string
  /** Every secret that verifies (old cookies, invitation codes hashed before a rotation); the first signs. */
  SESSION_SECRETS: string[]
  /** Express's `trust proxy`: false (the default) trusts no peer. */
  TRUST_PROXY: number | string[] | false
}

/** Parses configuration; throws one readable message listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const { SESSION_SECRET, TRUST_PROXY, ...env } = result.data
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRETS: SESSION_SECRET ?? ['development-only-secret-change-me-in-production'],
    TRUST_PROXY: TRUST_PROXY || false,
  }
}

let cached: Env | undefined
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

export const isProduction = () => env().NODE_ENV === 'production'
/** The specification's "outside production only" routes. */
export const devRoutesEnabled = () => !isProduction() || env().ENABLE_DEV_ROUTES === '1'
/** Cookies are Secure and __Host- prefixed whenever the public origin is https. */
export const isSecureOrigin = () => env().APP_URL.startsWith('https://')
