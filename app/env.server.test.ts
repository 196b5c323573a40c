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

  it('bounds requests in progress and waiting, and the shutdown grace, with defaults for 2 cores', () => {
    const defaults = parseEnv({})
    expect([defaults.MAX_REQUESTS_IN_PROGRESS, defaults.MAX_REQUESTS_QUEUED, defaults.MAX_QUEUE_WAIT_SECONDS]).toEqual([8, 256, 3])
    expect([defaults.MAX_EVENT_LOOP_DELAY_MS, defaults.SHUTDOWN_GRACE_SECONDS]).toEqual([500, 8])
    const set = parseEnv({ MAX_REQUESTS_IN_PROGRESS: '4', MAX_QUEUE_WAIT_SECONDS: '0.5', SHUTDOWN_GRACE_SECONDS: '30' })
    expect([set.MAX_REQUESTS_IN_PROGRESS, set.MAX_QUEUE_WAIT_SECONDS, set.SHUTDOWN_GRACE_SECONDS]).toEqual([4, 0.5, 30])
    expect(() => parseEnv({ MAX_REQUESTS_IN_PROGRESS: '0' })).toThrowError(/MAX_REQUESTS_IN_PROGRESS/)
    expect(() => parseEnv({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrowError(/SHUTDOWN_GRACE_SECONDS/)
  })
})
