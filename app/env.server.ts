import { z } from 'zod'

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
    SESSION_SECRET: z.string().min(32, { message: 'SESSION_SECRET must be at least 32 characters' }).optional(),
    BRAND_NAME: z.string().min(1).default('Groups'),
    /** Serve the development-only /hello-world page in a production build, for benchmarks. */
    ENABLE_DEV_ROUTES: z.enum(['0', '1']).default('0'),
    /** `0` when a reverse proxy compresses responses instead of the app (docs/operations.md). */
    COMPRESSION: z.enum(['0', '1']).default('1'),
    /** Load shedding (server/admission.ts, docs/operations.md): pages and API calls handled at once. */
    MAX_REQUESTS_IN_PROGRESS: z.coerce.number().int().min(1).max(10_000).default(8),
    /** Requests that may wait for a place; one more is answered 503 at once. */
    MAX_REQUESTS_QUEUED: z.coerce.number().int().min(0).max(100_000).default(256),
    /** How long a request may wait for a place before it is answered 503. */
    MAX_QUEUE_WAIT_SECONDS: z.coerce.number().positive().max(60).default(3),
    /** Nothing more queues while the event loop was blocked longer than this in the last second; 0: off. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
    /** On SIGTERM/SIGINT, how long requests in progress may take before they are cut (exit code 1). */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(8),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required in production' })
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required in production (sign-up and password reset send email)' })
    }
  })

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; SESSION_SECRET: string }

/** Parses configuration; throws one readable message listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: env.SESSION_SECRET ?? 'development-only-secret-change-me-in-production',
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
