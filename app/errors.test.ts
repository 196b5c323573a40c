import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_KIND, ERROR_STATUS, errorResponse, type ErrorCode } from './errors'
import { LOCALES } from './i18n/config'

/** The `errors.*` messages of a locale, from all its files. */
function errorMessages(locale: string): Record<string, unknown> {
  const dir = resolve(import.meta.dirname, 'i18n/locales', locale)
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(resolve(dir, f), 'utf8')).errors ?? {}),
  )
}

describe('error catalogue', () => {
  it('has a message for every code in every language', () => {
    for (const locale of LOCALES) {
      const messages = errorMessages(locale)
      const missing = Object.keys(ERROR_STATUS).filter((code) => typeof messages[code] !== 'string' || !messages[code])
      expect(missing, locale).toEqual([])
    }
  })

  it('errorResponse answers { message: CODE } with the code’s status and the headers given', async () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const res = errorResponse(code)
      expect([res.status, await res.json()]).toEqual([ERROR_STATUS[code], { message: code }])
    }
    expect(errorResponse('METHOD_NOT_ALLOWED', { headers: { Allow: 'POST' } }).headers.get('Allow')).toBe('POST')
  })

  it('gives each code a kind that fits its status: 404 is not-found, 5xx is server, 400 is input or sign-in', () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const [status, kind] = [ERROR_STATUS[code], ERROR_KIND[code]]
      expect(status === 404, code).toBe(kind === 'not-found')
      expect(status >= 500, code).toBe(kind === 'server')
      if (status === 400) expect(['invalid', 'sign-in'], code).toContain(kind)
    }
  })
})
