import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nOptions, LOCALES } from './config'
import { i18nFor, tFor } from './i18n.server'

/** Every leaf key of a resource bundle, dotted. */
function leafKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

describe('the server translators', () => {
  it.each(LOCALES)('%s: every text without values is what i18next itself gives, through t and through useTranslation’s fixed t', (lng) => {
    const bundle = i18nFor(lng).getResourceBundle(lng, 'translation') as Record<string, unknown>
    const reference = createInstance()
    void reference.init({ ...i18nOptions, lng, resources: { [lng]: { translation: bundle } }, initImmediate: false })
    const fixedT = i18nFor(lng).getFixedT(lng, 'translation')
    const keys = leafKeys(bundle).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))
    expect(keys.length).toBeGreaterThan(500)
    for (const key of keys) {
      const expected = reference.t(key)
      expect(tFor(lng)(key)).toBe(expected)
      // Twice: the second answer comes from the memo.
      expect(fixedT(key)).toBe(expected)
      expect(fixedT(key)).toBe(expected)
    }
    expect(tFor(lng)('no.such.key')).toBe('no.such.key')
  })

  it.each(LOCALES)('%s: every text with values is what i18next itself gives, filled or with a value missing', (lng) => {
    const bundle = i18nFor(lng).getResourceBundle(lng, 'translation') as Record<string, unknown>
    const reference = createInstance()
    void reference.init({ ...i18nOptions, lng, resources: { [lng]: { translation: bundle } }, initImmediate: false })
    const fixedT = i18nFor(lng).getFixedT(lng, 'translation')
    let filled = 0
    for (const key of leafKeys(bundle)) {
      const text = reference.t(key)
      const names = [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))]
      if (names.length === 0 || /_(zero|one|two|few|many|other)$/.test(key)) continue
      // A value that looks like a placeholder stays as it is, as with i18next's skipOnVariables.
      const values = Object.fromEntries(names.map((name, i) => [name, i === 0 ? `{{${name}}}` : i * 7]))
      expect(tFor(lng)(key, values), key).toBe(reference.t(key, values))
      expect(fixedT(key, values), key).toBe(reference.t(key, values))
      const [, ...fewer] = names
      const missingOne = Object.fromEntries(fewer.map((name) => [name, 'x']))
      expect(fixedT(key, missingOne), key).toBe(reference.t(key, missingOne))
      filled++
    }
    expect(filled).toBeGreaterThan(100)
  })

  it.each(LOCALES)('%s: every message with a count is the one i18next picks, for 0, 1, 2, 5 and 21', (lng) => {
    const bundle = i18nFor(lng).getResourceBundle(lng, 'translation') as Record<string, unknown>
    const reference = createInstance()
    void reference.init({ ...i18nOptions, lng, resources: { [lng]: { translation: bundle } }, initImmediate: false })
    const t = i18nFor(lng).getFixedT(lng, 'translation')
    const counted = new Set(
      leafKeys(bundle)
        .filter((k) => /_(zero|one|two|few|many|other)$/.test(k))
        .map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')),
    )
    expect(counted.size).toBeGreaterThan(30)
    for (const key of counted) {
      const text = reference.t(key, { count: 2 })
      const names = [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))]
      const values = Object.fromEntries(names.map((name) => [name, `‹${name}›`]))
      for (const count of [0, 1, 2, 5, 21]) {
        expect(t(key, { ...values, count }), `${key} ${count}`).toBe(reference.t(key, { ...values, count }))
      }
    }
  })

  it('answers useTranslation’s request for a fixed t with the memoizing t, and other requests with i18next’s', () => {
    const instance = i18nFor('en')
    expect(instance.getFixedT(null, 'translation')).toBe(instance.t)
    expect(instance.getFixedT('en', 'translation')).toBe(instance.t)
    const swedish = instance.getFixedT('sv', 'translation')
    expect(swedish).not.toBe(instance.t)
    expect(instance.getFixedT(null, 'translation', 'header')('library')).toBe(instance.t('header.library'))
  })

  it('gives values, counts and defaults to i18next on every call', () => {
    const t = i18nFor('sv').getFixedT('sv', 'translation')
    expect(t('list.showing', { from: 1, to: 50, total: 300 })).toBe('Visar 1–50 av 300')
    expect(t('list.showing', { from: 51, to: 100, total: 300 })).toBe('Visar 51–100 av 300')
    expect(t('header.newAlerts', { count: 1 })).toBe('1 ny notis')
    expect(t('header.newAlerts', { count: 3 })).toBe('3 nya notiser')
    expect(t('no.such.key', 'Ett standardvärde')).toBe('Ett standardvärde')
    expect(tFor('en')('header.newAlerts', { count: 3 })).toBe('3 new alerts')
  })
})
