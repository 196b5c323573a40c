import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createInstance, type TFunction } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18nOptions, LOCALES, type Locale } from '../config'
import { AREAS, loadMessages } from '../resources'
import own from './i18next'

type Messages = Record<string, unknown>
type Call = [key: string, values?: Record<string, unknown>]

const leaves = (value: unknown, path: string[] = []): [string[], unknown][] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k])) : [[path, value]]

const real = async (lng: Locale, messages: Messages) => {
  const instance = createInstance()
  await instance.init({ ...i18nOptions, lng, resources: { [lng]: { translation: messages } }, initImmediate: false })
  return instance.t
}

// What a page's components do with a message: t(key), t(key, values), with counts (plurals), with
// a value left undefined; `code` names an error message, or one that does not exist.
function callsFor(key: string, text: string, codes: string[]): Call[] {
  const base = key.replace(/_(one|other)$/, '')
  const names = [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))]
  const values = (n: number) => Object.fromEntries(names.map((name) => [name, name === 'code' ? codes[n % codes.length] : `${name}-${n}`]))
  const calls: Call[] = [[base], [base, values(0)], [base, Object.fromEntries(names.map((name) => [name, undefined]))]]
  for (const count of [0, 1, 2, 5, 1.5]) calls.push([base, { ...values(count), count }])
  return calls
}

describe.each(LOCALES)('the browser i18next (%s)', (lng) => {
  let t: TFunction
  let messages: Messages
  beforeAll(async () => {
    messages = await loadMessages(lng, AREAS)
    t = await real(lng, messages)
    // As a page: core before hydration, then each area as a route needs it (client.ts).
    own.use({}).init({ lng, resources: { [lng]: { translation: await loadMessages(lng, ['core']) } } })
    for (const area of AREAS) own.addResourceBundle(lng, 'translation', await loadMessages(lng, [area]))
  })

  it('says every message of every area as i18next does', () => {
    expect(own.language).toBe(lng)
    const codes = [...Object.keys(messages.errors as Messages), 'NO_SUCH_CODE']
    let calls = 0
    for (const [path, text] of leaves(messages)) {
      for (const [key, values] of callsFor(path.join('.'), String(text), codes)) {
        expect(own.t(key, values), `${key} ${JSON.stringify(values)}`).toBe(t(key, values as never))
        calls++
      }
    }
    expect(calls).toBeGreaterThan(1000)
  })

  it('says a key without a message as i18next does: its defaultValue, or the key', () => {
    const calls: Call[] = [
      ['signin.notice.none', { defaultValue: '' }],
      ['errors.NO_SUCH_CODE', { defaultValue: 'NO_SUCH_CODE' }],
      ['errors.NO_SUCH_CODE'],
    ]
    for (const [key, values] of calls) expect(own.t(key, values), `${key} ${JSON.stringify(values)}`).toBe(t(key, values as never))
  })
})

describe('the messages', () => {
  it('use only what the browser i18next supports', async () => {
    const problems: string[] = []
    for (const lng of LOCALES) {
      const all = leaves(await loadMessages(lng, AREAS))
      for (const [path, text] of all) {
        const say = (problem: string) => problems.push(`${lng} ${path.join('.')}: ${problem}`)
        if (typeof text !== 'string') say('not a string')
        if (path.some((part) => part.includes('.'))) say('a key with a dot in it')
        if (/_zero$/.test(path.at(-1)!)) say('a _zero plural')
        // What is left once the supported `{{name}}` and `$t(key.{{name}})` are out: nothing of i18next's.
        const nesting = /\$t\(((?:[\w.]|\{\{\w+\}\})+)\)/g
        const rest = String(text)
          .replace(nesting, '')
          .replace(/\{\{\w+\}\}/g, '')
        if (/\{\{|\}\}|\$t\(/.test(rest)) say(`${text} has a {{- name}}, {{ name }}, a format or $t() with options`)
        // A nested message nests no further, so there are no loops: no message under `errors.` has a $t().
        for (const [, key] of String(text).matchAll(nesting)) {
          const under = key.split('{{')[0]
          for (const [inner, innerText] of all) {
            if (inner.join('.').startsWith(under) && String(innerText).includes('$t(')) say(`nests ${inner.join('.')}, which nests again`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('the components', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : /(?<!\.server|\.test)\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    )

  it('use only what the browser i18next supports: i18n.language, and t with values, count, defaultValue', () => {
    const app = join(import.meta.dirname, '../..')
    const problems: string[] = []
    for (const file of sources(app).filter((f) => !f.includes('/i18n/browser/'))) {
      const text = readFileSync(file, 'utf8')
      const say = (what: string) => problems.push(`${relative(app, file)}: ${what}`)
      for (const m of text.matchAll(/(?<![/\w])(i18n|i18next)\.(?!server\.ts)(\w+)/g))
        if (!['language', 'use', 'init', 'addResourceBundle'].includes(m[2])) say(m[0])
      for (const m of text.matchAll(/\bt\([^()]*\{[^}]*\b(returnObjects|context|ordinal|lngs?|ns|keyPrefix|replace|postProcess)\s*:/g))
        say(`t(…, { ${m[1]} })`)
      for (const m of text.matchAll(/useTranslation\([^)]/g)) say(m[0])
    }
    expect(problems).toEqual([])
  })
})
