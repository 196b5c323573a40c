import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from './config'

const dir = resolve(__dirname, 'locales')
const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix]
const load = (locale: string, file: string) => JSON.parse(readFileSync(resolve(dir, locale, file), 'utf8'))

describe('locale files', () => {
  const files = readdirSync(resolve(dir, 'sv')).filter((f) => f.endsWith('.json'))

  it.each(files)('%s has the same keys in every locale', (file) => {
    const [first, ...rest] = LOCALES
    const expected = keysOf(load(first, file)).sort()
    for (const locale of rest) expect(keysOf(load(locale, file)).sort(), `${locale}/${file}`).toEqual(expected)
  })

  it('every locale has the same files', () => {
    for (const locale of LOCALES) expect(readdirSync(resolve(dir, locale)).sort()).toEqual(readdirSync(resolve(dir, 'sv')).sort())
  })

  it('no top-level key is defined by two area files (they merge into one namespace)', () => {
    const seen = new Map<string, string>()
    for (const file of files) {
      for (const key of Object.keys(load('sv', file))) {
        expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined()
        seen.set(key, file)
      }
    }
  })
})
