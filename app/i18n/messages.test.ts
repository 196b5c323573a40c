import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createInstance } from 'i18next'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import own from './browser/i18next'
import { i18nOptions, LOCALES, type Locale } from './config'

/**
 * Every message of both languages said with its values, as the server (i18next) and the browser
 * (our own translator, ADR 021) say it, leaves no `{{` behind; and every place in the code that
 * names a message passes exactly the values that message uses (docs/i18n.md).
 */

type Messages = Record<string, unknown>
const localeDir = join(import.meta.dirname, 'locales')
const appDir = join(import.meta.dirname, '..')

/** All messages of a locale, as the server has them: every file of the locale merged. */
function messagesOf(locale: Locale): Messages {
  const files = readdirSync(join(localeDir, locale)).filter((f) => f.endsWith('.json'))
  return Object.assign({}, ...files.map((f) => JSON.parse(readFileSync(join(localeDir, locale, f), 'utf8'))))
}

const leaves = (value: unknown, path = ''): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k))
    : [[path, String(value)]]

const PLURAL = /_(one|other)$/
const NESTED = /\$t\(([^)]+)\)/g
const namesIn = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))

const texts = Object.fromEntries(LOCALES.map((locale) => [locale, new Map(leaves(messagesOf(locale)))])) as Record<
  Locale,
  Map<string, string>
>
/** The keys a call names: a message's own key, or a plural message's key without `_one`/`_other`. */
const callableKeys = new Set([...texts.sv.keys()].map((key) => key.replace(PLURAL, '')))

/** The messages a `$t(prefix.{{name}})` in a text may name, with the values each uses. */
function nestedNames(text: string, locale: Locale): Set<string> {
  const names = new Set<string>()
  for (const [, key] of text.matchAll(NESTED)) {
    const pattern = new RegExp(`^${key.replace(/\./g, '\\.').replace(/\{\{\w+\}\}/g, '[^.]+')}$`)
    for (const [other, otherText] of texts[locale]) if (pattern.test(other)) for (const name of namesIn(otherText)) names.add(name)
  }
  return names
}

/** A message's texts in a locale: the key's own and its plural forms. */
const textsOf = (key: string, locale: Locale) =>
  [key, `${key}_one`, `${key}_other`].flatMap((k) => (texts[locale].has(k) ? [texts[locale].get(k)!] : []))
const isPlural = (key: string) => texts.sv.has(`${key}_one`) || texts.sv.has(`${key}_other`)

describe.each(LOCALES)('every message (%s), said with its values', (locale) => {
  const errorCodes = [...texts[locale].keys()].filter((k) => k.startsWith('errors.')).map((k) => k.slice('errors.'.length))

  /** Values for every name the message and its nested messages use; `code` once per error code. */
  function valueSets(key: string): Record<string, unknown>[] {
    const all = textsOf(key, locale)
    const names = new Set(all.flatMap((text) => [...namesIn(text), ...nestedNames(text, locale)]))
    const values = Object.fromEntries([...names].map((name) => [name, `«${name}»`]))
    const counts = isPlural(key) ? [0, 1, 2, 5] : [undefined]
    const codes = names.has('code') ? errorCodes : [undefined]
    return counts.flatMap((count) =>
      codes.map((code) => ({ ...values, ...(count === undefined ? {} : { count }), ...(code ? { code } : {}) })),
    )
  }

  it('leaves no {{ placeholder }} or $t() behind, on the server and in the browser', async () => {
    const server = createInstance()
    await server.init({ ...i18nOptions, lng: locale, resources: { [locale]: { translation: messagesOf(locale) } }, initImmediate: false })
    own.init({ lng: locale, resources: { [locale]: { translation: messagesOf(locale) } } })
    const problems: string[] = []
    let said = 0
    for (const key of callableKeys) {
      for (const values of valueSets(key)) {
        for (const [who, t] of [
          ['server', server.t],
          ['browser', own.t],
        ] as const) {
          const text = (t as (key: string, values: object) => string)(key, values)
          if (/\{\{|\}\}|\$t\(/.test(text) || text === key) problems.push(`${who} ${key} ${JSON.stringify(values)}: ${text}`)
          said++
        }
      }
    }
    expect(problems).toEqual([])
    expect(said).toBeGreaterThan(2000)
  })
})

// ---------------------------------------------------------------------------------------------
// The code: every place that names a message passes the values it uses, and no others.

/** What a call passes: the names of its values, or `open` when they cannot be known (a variable, a spread). */
/** The values a call passes; `offers`: those it passes that the message may leave unused. */
type Passed = { names: Set<string>; open: boolean; from: string; offers?: ReadonlySet<string> }

/**
 * Keys computed at run time whose values the code narrows itself (a value only some of the
 * possible messages use, passed only for those): file → the key pattern's source text.
 * Keep it small; prefer literal keys or a conditional of literals.
 */
const NARROWED: Record<string, string[]> = {
  // nextLabel is 'next' or 'finish'.
  'routes/library/wizard/wizard-nav.tsx': ['`library.wizard.${nextLabel}`'],
}

/**
 * Messages with values that a computed key (`errors.${code}`) never names, since the one place
 * that shows them names them with their values: key → that place.
 */
const SAID_ELSEWHERE: Record<string, string> = {
  // Only redeeming an invitation code throws these, and the code screen says them with the name.
  'errors.ALREADY_ADDED_TO_GROUP': 'routes/auth/invitation-code/code-error.tsx',
  'errors.ALREADY_ADDED_TO_ORGANIZATION': 'routes/auth/invitation-code/code-error.tsx',
  // Not catalogue codes: the retry countdown's parts.
  'errors.retryAt': 'ui/retry-countdown.tsx',
  'errors.retryIn': 'ui/retry-countdown.tsx',
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'browser' && dir.endsWith('i18n')
        ? []
        : sources(join(dir, entry.name))
      : /(?<!\.test)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  )

/** The message keys an expression may be: literals, conditionals of them, templates matched against every key; null when unknown. */
function keysOf(node: ts.Expression): string[] | null {
  if (ts.isParenthesizedExpression(node)) return keysOf(node.expression)
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [keysOf(node.whenTrue), keysOf(node.whenFalse)]
    return a && b ? [...a, ...b] : null
  }
  // `area.${name}.title`: a hole is any part of a key; a key that starts with a hole is unknown.
  if (ts.isTemplateExpression(node)) {
    if (!node.head.text) return null
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const pattern = new RegExp(`^${escape(node.head.text)}${node.templateSpans.map((span) => `.+${escape(span.literal.text)}`).join('')}$`)
    return [...callableKeys].filter((key) => pattern.test(key) && !(key in SAID_ELSEWHERE))
  }
  return null
}

function passedBy(node: ts.Expression | undefined, from: string): Passed {
  if (!node) return { names: new Set(), open: false, from }
  if (!ts.isObjectLiteralExpression(node)) return { names: new Set(), open: true, from }
  const names = new Set<string>()
  let open = false
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property) || !property.name) open = true
    else if (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) names.add(property.name.text)
    else open = true
  }
  return { names, open, from }
}

/** A property of an object literal by name. */
const propertyOf = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find(
    (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === name,
  )

/**
 * The app's helpers that say a message with values they make themselves: the argument that holds
 * the key (`1`, or `1.done` for a property of an object argument) → the names of those values.
 */
const HELPERS: Record<string, Record<string, string[]>> = {
  // http/toast.server.ts: succeeded and total (and count, for a plural message: see HELPER_OFFERS).
  bulkToast: { '1.done': ['succeeded', 'total'], '1.partial': ['succeeded', 'total'] },
  // routes/organizations/group-creators/intents.server.ts: bulkToast's `done`.
  creatorsToast: { '1': ['succeeded', 'total'] },
  // routes/groups/home/member-actions.tsx: a member's name.
  withName: { '1': ['name'] },
}

/** Values a helper passes that its message may leave unused: bulkToast's `count` chooses a plural form. */
const HELPER_OFFERS: Record<string, ReadonlySet<string>> = { bulkToast: new Set(['count']), creatorsToast: new Set(['count']) }

/** Options of i18next's t that are not values of the message. */
const OPTIONS = new Set(['defaultValue', 'lng'])

function problemsOf(keys: string[], passed: Passed, site: string): string[] {
  const problems: string[] = []
  const say = (what: string) => problems.push(`${site}: ${what}`)
  if (keys.length === 0) say(`${passed.from} names no message`)
  const used = new Set<string>()
  for (const key of keys) {
    if (!callableKeys.has(key)) {
      if (!passed.names.has('defaultValue')) say(`no message ${key}`)
      continue
    }
    if (isPlural(key)) {
      used.add('count')
      if (!passed.open && !passed.names.has('count')) say(`${key} has plural forms but no count is passed`)
    }
    for (const locale of LOCALES) {
      for (const text of textsOf(key, locale)) {
        for (const name of namesIn(text)) {
          used.add(name)
          if (!passed.open && !passed.names.has(name) && !(name === 'count' && isPlural(key)))
            say(`${key} (${locale}) uses {{${name}}}, which is not passed`)
        }
        for (const name of nestedNames(text, locale)) used.add(name)
      }
    }
  }
  if (keys.length > 0 && keys.every((key) => callableKeys.has(key))) {
    for (const name of passed.names)
      if (!used.has(name) && !OPTIONS.has(name) && !passed.offers?.has(name)) say(`passes ${name}, which ${keys.join(' / ')} does not use`)
  }
  return [...new Set(problems)]
}

/** Every place in a source that names a message with its values, checked. */
function checkSource(file: string, text = readFileSync(file, 'utf8')): { problems: string[]; checked: number; unknown: number } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const problems: string[] = []
  let checked = 0
  let unknown = 0
  const narrowed = NARROWED[relative(appDir, file)] ?? []
  /** Messages said with the same values: each gets all those it uses, and each value is used by one of them. */
  const check = (keyNodes: ts.Expression[], passed: Passed) => {
    const site = `${relative(appDir, file)}:${source.getLineAndCharacterOfPosition(keyNodes[0].getStart()).line + 1}`
    const keys = keyNodes.map(keysOf)
    if (keys.some((k) => k === null)) return void unknown++
    if (keyNodes.some((node) => narrowed.includes(node.getText()))) return
    checked++
    problems.push(...problemsOf(keys.flat() as string[], passed, site))
  }
  const isMessage = (node: ts.Expression) => {
    const keys = keysOf(node)
    return !!keys && keys.length > 0 && keys.every((k) => callableKeys.has(k))
  }
  const valuesOf = (node: ts.ObjectLiteralExpression, from: string): Passed => {
    const values = propertyOf(node, 'values')
    if (!values) return { names: new Set(), open: node.properties.some(ts.isSpreadAssignment), from }
    return ts.isPropertyAssignment(values) ? passedBy(values.initializer, from) : { names: new Set(), open: true, from }
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression
      const isT =
        (ts.isIdentifier(callee) && callee.text === 't') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 't') ||
        (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'tFor')
      if (isT) check([node.arguments[0]], passedBy(node.arguments[1], 't()'))
      // translatedTemplate(t, key, ['name', …]): the names are the values.
      if (ts.isIdentifier(callee) && callee.text === 'translatedTemplate' && node.arguments.length === 3) {
        const names = node.arguments[2]
        const known = ts.isArrayLiteralExpression(names) && names.elements.every(ts.isStringLiteral)
        const passed = known ? new Set(names.elements.map((e) => (e as ts.StringLiteral).text)) : new Set<string>()
        check([node.arguments[1]], { names: passed, open: !known, from: 'translatedTemplate' })
      }
      // The app's own helpers that say a message with values they make.
      const helper = ts.isIdentifier(callee) && Object.hasOwn(HELPERS, callee.text) ? HELPERS[callee.text] : {}
      for (const [at, names] of Object.entries(helper)) {
        const [index, property] = at.split('.')
        const arg = node.arguments[Number(index)]
        const held = property ? (arg && ts.isObjectLiteralExpression(arg) ? propertyOf(arg, property) : undefined) : arg
        const keyNode =
          held && ts.isPropertyAssignment(held) ? held.initializer : held && !ts.isShorthandPropertyAssignment(held) ? held : undefined
        const offers = HELPER_OFFERS[callee.getText()]
        if (keyNode)
          check([keyNode as ts.Expression], { names: new Set([...names, ...(offers ?? [])]), open: false, from: callee.getText(), offers })
        else unknown++
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const key = propertyOf(node, 'key')
      if (key && ts.isPropertyAssignment(key) && isMessage(key.initializer)) {
        // A toast, or anything shaped like one: { key: 'a.message', values: { … } }.
        check([key.initializer], valuesOf(node, 'toast'))
      } else if (propertyOf(node, 'values')) {
        // Messages beside their values, as a confirmation step answers: { title: 'a.title', body: 'a.body', values: { … } }.
        const messages = node.properties.flatMap((p) =>
          ts.isPropertyAssignment(p) && p.name.getText() !== 'values' && isMessage(p.initializer) ? [p.initializer] : [],
        )
        if (messages.length > 0) check(messages, valuesOf(node, 'values'))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { problems, checked, unknown }
}

describe('the code', () => {
  it('is checked: a missing value, a value not used, a plural without count or in a toast, a key without a message, in calls, toasts, confirmations and helpers', () => {
    const fixture = [
      "t('library.accept.accepted')",
      "t('profile.account.name.saved', { name })",
      "t(done ? 'profile.account.name.saved' : 'library.accept.accepted', { name: 'x' })",
      't(`profile.account.${what}.saved`, { ...values })',
      "redirectWithToast(here, { key: 'library.accept.accepted', values: { title } })",
      "redirectWithToast(here, { key: 'header.newAlerts', values: { count: '2' } })",
      "i18n.t('header.newAlerts', { n: 2 })",
      "tFor(locale)('no.such.message')",
      "translatedTemplate(t, 'library.accept.accepted', ['title'])",
      't(key, { anything })',
      "t('library.accept.accepted', { name, defaultValue: '' })",
      "reply({ confirm: { title: 'library.view.delete.title', body: 'library.view.delete.body', values: { title } } })",
      "bulkToast(results, { done: 'library.accept.accepted', partial: 'orgMembers.resultWithError' })",
      "withName(t, 'groupHome.members.changeRole')",
    ].join('\n')
    const { problems, checked, unknown } = checkSource(join(appDir, 'fixture.tsx'), fixture)
    expect(problems).toEqual([
      'fixture.tsx:1: library.accept.accepted (sv) uses {{name}}, which is not passed',
      'fixture.tsx:1: library.accept.accepted (en) uses {{name}}, which is not passed',
      'fixture.tsx:2: passes name, which profile.account.name.saved does not use',
      'fixture.tsx:5: library.accept.accepted (sv) uses {{name}}, which is not passed',
      'fixture.tsx:5: library.accept.accepted (en) uses {{name}}, which is not passed',
      'fixture.tsx:5: passes title, which library.accept.accepted does not use',
      'fixture.tsx:7: header.newAlerts has plural forms but no count is passed',
      'fixture.tsx:7: passes n, which header.newAlerts does not use',
      'fixture.tsx:8: no message no.such.message',
      'fixture.tsx:9: library.accept.accepted (sv) uses {{name}}, which is not passed',
      'fixture.tsx:9: library.accept.accepted (en) uses {{name}}, which is not passed',
      'fixture.tsx:9: passes title, which library.accept.accepted does not use',
      'fixture.tsx:12: library.view.delete.body (sv) uses {{name}}, which is not passed',
      'fixture.tsx:12: library.view.delete.body (en) uses {{name}}, which is not passed',
      'fixture.tsx:12: passes title, which library.view.delete.title / library.view.delete.body does not use',
      'fixture.tsx:13: library.accept.accepted (sv) uses {{name}}, which is not passed',
      'fixture.tsx:13: library.accept.accepted (en) uses {{name}}, which is not passed',
      'fixture.tsx:13: passes succeeded, which library.accept.accepted does not use',
      'fixture.tsx:13: passes total, which library.accept.accepted does not use',
    ])
    expect({ checked, unknown }).toEqual({ checked: 14, unknown: 1 })
  })

  it('passes every message the values it uses, and none it does not use', () => {
    const problems: string[] = []
    let checked = 0
    for (const file of sources(appDir)) {
      const result = checkSource(file)
      problems.push(...result.problems)
      checked += result.checked
    }
    if (process.env.MESSAGES_REPORT) console.log(problems.join('\n'))
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(900)
  })
})
