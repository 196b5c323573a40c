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

  it('requires SESSION_SECRET and SMTP_URL in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET is required in production[\s\S]*SMTP_URL is required/)
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail:25' }
    expect(parseEnv(production).SESSION_SECRET).toBe('x'.repeat(32))
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
})
