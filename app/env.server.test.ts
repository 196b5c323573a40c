import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

describe('configuration', () => {
  it('has working defaults for development', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 3000, APP_URL: 'http://localhost:3000', BRAND_NAME: 'Groups', NODE_ENV: 'development' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('lists every bad value with a clear message', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', APP_URL: 'not a url' })).toThrowError(
      /PORT[\s\S]*APP_URL must be an absolute URL[\s\S]*DATABASE_URL must start with file:[\s\S]*SMTP_URL must start with smtp/,
    )
  })

  const production = {
    NODE_ENV: 'production',
    APP_URL: 'https://groups.example.se',
    SESSION_SECRET: 'x'.repeat(32),
    SMTP_URL: 'smtp://mail:25',
  }

  it('requires APP_URL, SESSION_SECRET and SMTP_URL in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(
      /SESSION_SECRET is required in production[\s\S]*APP_URL is required in production[\s\S]*SMTP_URL is required/,
    )
    expect(parseEnv(production)).toMatchObject({ APP_URL: 'https://groups.example.se', SESSION_SECRETS: ['x'.repeat(32)] })
  })

  it('wants an https:// APP_URL in production, http:// only for this machine', () => {
    expect(() => parseEnv({ ...production, APP_URL: 'http://groups.example.se' })).toThrowError(/APP_URL must be https:\/\/ in production/)
    expect(() => parseEnv({ ...production, APP_URL: 'http://10.0.0.5:3000' })).toThrowError(/APP_URL must be https:\/\//)
    expect(() => parseEnv({ ...production, APP_URL: 'ftp://groups.example.se' })).toThrowError(/APP_URL must be https:\/\//)
    // The browser tests and the benchmark serve the production build on this machine.
    for (const local of ['http://localhost:3210', 'http://127.0.0.1:4000', 'http://[::1]:3000']) {
      expect(parseEnv({ ...production, APP_URL: local }).APP_URL).toBe(local)
    }
    // Outside production the default stays http://localhost.
    expect(parseEnv({ APP_URL: 'http://groups.test' }).APP_URL).toBe('http://groups.test')
  })

  it('takes a list of session secrets while rotating: the first signs, each must be long enough', () => {
    const [next, old] = ['n'.repeat(32), 'o'.repeat(40)]
    expect(parseEnv({ ...production, SESSION_SECRET: `${next}, ${old}` }).SESSION_SECRETS).toEqual([next, old])
    expect(() => parseEnv({ ...production, SESSION_SECRET: `${next},short` })).toThrowError(/SESSION_SECRET must be at least 32 characters/)
    expect(() => parseEnv({ ...production, SESSION_SECRET: `${next},` })).toThrowError(/SESSION_SECRET must be at least 32 characters/)
    expect(parseEnv({}).SESSION_SECRETS).toHaveLength(1)
  })

  it('trusts no proxy unless TRUST_PROXY names them: a hop count or addresses and CIDR ranges', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '2001:db8::/32',
    ])
    expect(parseEnv({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal'])
  })

  it('refuses a TRUST_PROXY that is not a hop count or a list of addresses, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.example.se', '10.0.0.1,', '-1', '1.5', '300.1.1.1']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrowError(
        /TRUST_PROXY: TRUST_PROXY must be a hop count or a comma-separated list/,
      )
    }
    // Trusting everyone would let any client pick its address (and its rate-limit key).
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY must name the proxies/)
  })

  it('accepts SQLite files and PostgreSQL URLs', () => {
    expect(parseEnv({ DATABASE_URL: 'file:./data/x.db' }).DATABASE_URL).toBe('file:./data/x.db')
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db')
  })

  it('compresses responses unless COMPRESSION=0 (a reverse proxy compresses instead)', () => {
    expect(parseEnv({}).COMPRESSION).toBe('1')
    expect(parseEnv({ COMPRESSION: '0' }).COMPRESSION).toBe('0')
    expect(() => parseEnv({ COMPRESSION: 'off' })).toThrowError(/COMPRESSION/)
  })

  it('runs housekeeping hourly, keeps sent mail a week and the audit log forever unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ HOUSEKEEPING_INTERVAL_SECONDS: 3600, MAIL_RETENTION_DAYS: 7 })
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBeUndefined()
    expect(parseEnv({ HOUSEKEEPING_INTERVAL_SECONDS: '600', MAIL_RETENTION_DAYS: '2', AUDIT_RETENTION_DAYS: '365' })).toMatchObject({
      HOUSEKEEPING_INTERVAL_SECONDS: 600,
      MAIL_RETENTION_DAYS: 2,
      AUDIT_RETENTION_DAYS: 365,
    })
    expect(() => parseEnv({ HOUSEKEEPING_INTERVAL_SECONDS: '0', AUDIT_RETENTION_DAYS: 'forever' })).toThrowError(
      /HOUSEKEEPING_INTERVAL_SECONDS[\s\S]*AUDIT_RETENTION_DAYS/,
    )
  })

  it('serves no metrics unless told: a port of their own on this machine, or a long token', () => {
    const env = parseEnv({})
    expect(env.METRICS_PORT).toBeUndefined()
    expect(env.METRICS_TOKEN).toBeUndefined()
    expect(env.METRICS_HOST).toBe('127.0.0.1')
    expect(parseEnv({ METRICS_PORT: '9464', METRICS_HOST: '::1' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '::1' })
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN must be at least 32 characters/)
    expect(() => parseEnv({ METRICS_PORT: '3000' })).toThrowError(/METRICS_PORT must differ from PORT/)
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrowError(/METRICS_PORT/)
  })

  it('backs SQLite up on a schedule only when BACKUP_DIR is set, and refuses it for PostgreSQL', () => {
    expect(parseEnv({}).BACKUP_DIR).toBeUndefined()
    expect(parseEnv({})).toMatchObject({ BACKUP_INTERVAL_MINUTES: 60, BACKUP_KEEP: 48 })
    expect(parseEnv({ BACKUP_DIR: '/var/backups/groups', BACKUP_INTERVAL_MINUTES: '15', BACKUP_KEEP: '96' })).toMatchObject({
      BACKUP_INTERVAL_MINUTES: 15,
      BACKUP_KEEP: 96,
    })
    expect(() => parseEnv({ BACKUP_DIR: '/b', DATABASE_URL: 'postgres://db/groups' })).toThrowError(/BACKUP_DIR is for SQLite/)
    expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrowError(/BACKUP_KEEP/)
  })

  it('bounds requests in progress and waiting, and the shutdown grace, with defaults for 2 cores', () => {
    const defaults = parseEnv({})
    expect([defaults.MAX_REQUESTS_IN_PROGRESS, defaults.MAX_REQUESTS_QUEUED, defaults.MAX_QUEUE_WAIT_SECONDS]).toEqual([8, 256, 3])
    expect([defaults.MAX_EVENT_LOOP_DELAY_MS, defaults.SHUTDOWN_GRACE_SECONDS]).toEqual([500, 8])
    const set = parseEnv({ MAX_REQUESTS_IN_PROGRESS: '4', MAX_QUEUE_WAIT_SECONDS: '0.5', SHUTDOWN_GRACE_SECONDS: '30' })
    expect([set.MAX_REQUESTS_IN_PROGRESS, set.MAX_QUEUE_WAIT_SECONDS, set.SHUTDOWN_GRACE_SECONDS]).toEqual([4, 0.5, 30])
    expect(() => parseEnv({ MAX_REQUESTS_IN_PROGRESS: '0' })).toThrowError(/MAX_REQUESTS_IN_PROGRESS/)
    expect(() => parseEnv({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrowError(/SHUTDOWN_GRACE_SECONDS/)
  })

  it("limits each directory token's SCIM requests a minute: 3,000 unless set, at least 60", () => {
    expect(parseEnv({}).SCIM_REQUESTS_PER_MINUTE).toBe(3000)
    expect(parseEnv({ SCIM_REQUESTS_PER_MINUTE: '100000' }).SCIM_REQUESTS_PER_MINUTE).toBe(100_000)
    for (const bad of ['59', '1.5', 'many'])
      expect(() => parseEnv({ SCIM_REQUESTS_PER_MINUTE: bad })).toThrowError(/SCIM_REQUESTS_PER_MINUTE/)
  })
})
