import { createInstance, type TFunction } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18nOptions, LOCALES, type Locale } from '../config'
import { AREAS, loadMessages } from '../resources'
import lite from './i18next'

type Messages = Record<string, unknown>
const leaves = (value: unknown, prefix = ''): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, String(value)]]

const real = async (lng: Locale, messages: Messages) => {
  const instance = createInstance()
  await instance.init({ ...i18nOptions, lng, resources: { [lng]: { translation: messages } }, initImmediate: false })
  return instance.t
}

// What a page's components do: t(key) or t(key, values), with counts where a message has plurals.
function callsFor(key: string, text: string, errorCodes: string[]): [string, Record<string, unknown> | undefined][] {
  const base = key.replace(/_(zero|one|other)$/, '')
  const names = [...new Set([...text.matchAll(/\{\{-?(.+?)\}\}/g)].map((m) => m[1].trim()))]
  const values = (n: number) => Object.fromEntries(names.map((name) => [name, name === 'code' ? errorCodes[n % errorCodes.length] : `${name}-${n}`]))
  const calls: [string, Record<string, unknown> | undefined][] = [[base, undefined], [base, values(0)]]
  for (const count of [0, 1, 2, 5, 1.5]) calls.push([base, { ...values(count), count }])
  return calls
}

describe.each(LOCALES)('the browser i18next (%s)', (lng) => {
  let messages: Messages
  let t: TFunction
  beforeAll(async () => {
    messages = await loadMessages(lng, AREAS)
    t = await real(lng, messages)
  })

  it('says every message of every area as i18next does', async () => {
    await lite.init({ lng, resources: { [lng]: { translation: await loadMessages(lng, ['core']) } } })
    for (const area of AREAS) lite.addResourceBundle(lng, 'translation', await loadMessages(lng, [area]), true, false)
    expect(lite.language).toBe(lng)
    const errorCodes = Object.keys((messages as { errors: Messages }).errors)
    let calls = 0
    for (const [key, text] of leaves(messages)) {
      for (const [k, options] of callsFor(key, text, errorCodes)) {
        expect(lite.t(k, options), `${k} ${JSON.stringify(options)}`).toBe(t(k, options as never))
        calls++
      }
    }
    expect(calls).toBeGreaterThan(1000)
  })

  it('follows i18next where a message or a call is unusual', async () => {
    const odd = {
      plain: 'Hej {{name}}',
      deep: { er: 'Djup {{user.name}}' },
      empty: '',
      count_one: 'en {{count}}',
      count_other: '{{count}} st',
      count_zero: 'inga',
      unescaped: 'rå {{- name}}',
      nest: 'yttre $t(plain) och $t(missing.key)',
      self: 'själv $t(self)',
      loopA: 'A $t(loopB)',
      loopB: 'B $t(loopA)',
      values: 'värden $t({{name}})',
      'flat.key': 'platt',
    }
    const ref = await real(lng, odd)
    await lite.init({ lng, resources: { [lng]: { translation: odd } } })
    const cases: [string, unknown?][] = [
      ['plain'],
      ['plain', { name: 'Eva' }],
      ['plain', { name: null }],
      ['plain', { name: undefined }],
      ['plain', { name: 0 }],
      ['plain', { name: '$& $1 {{name}}' }],
      ['plain', { replace: { name: 'Ersatt' } }],
      ['deep.er', { user: { name: 'Ulf' } }],
      ['deep.er', { user: {} }],
      ['deep'],
      ['empty'],
      ['empty', { defaultValue: 'x' }],
      ['missing.key'],
      ['missing.key', { defaultValue: '' }],
      ['missing.key', { defaultValue: 'Standard {{name}}', name: 'N' }],
      ['missing.key', 'som text'],
      ['count', { count: 0 }],
      ['count', { count: 1 }],
      ['count', { count: 7 }],
      ['count', { count: '1' }],
      ['count'],
      ['unescaped', { name: '<b>' }],
      ['nest', { name: 'Per' }],
      ['self'],
      ['loopA'],
      ['values', { name: 'plain' }],
      ['flat.key'],
      ['plain.deeper'],
    ]
    for (const [key, options] of cases) expect(lite.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(ref(key, options as never))
  })

  it('merges areas as i18next does: new keys join, known strings stay', async () => {
    await lite.init({ lng, resources: { [lng]: { translation: { a: { x: '1' } } } } })
    lite.addResourceBundle(lng, 'translation', { a: { x: '2', y: '3' }, b: '4' }, true, false)
    expect([lite.t('a.x'), lite.t('a.y'), lite.t('b')]).toEqual(['1', '3', '4'])
  })
})

describe('the messages', () => {
  it('use only what the browser i18next supports: no formats, no nesting options', async () => {
    for (const lng of LOCALES) {
      for (const [key, text] of leaves(await loadMessages(lng, AREAS))) {
        for (const m of text.matchAll(/\{\{(.+?)\}\}|\$t\((.+?)\)/g)) expect(m[0], `${lng} ${key}`).not.toContain(',')
      }
    }
  })
})
