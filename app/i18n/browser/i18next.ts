/**
 * The browser's i18next (ADR 020): what the page's components use of i18next, and nothing more,
 * for ~1 kB gzip instead of i18next's ~14 kB on every page. In the browser build, `import i18next
 * from 'i18next'` resolves here (vite.config.ts, `browserI18next`); the server, the tests and the
 * types keep the real i18next. It follows i18next 23's rules for what the messages use, with the
 * app's options (`i18nOptions`: one namespace, `escapeValue: false`): nested keys split on `.`,
 * plurals by `Intl.PluralRules` (`key_one`, `key_other`, `key_zero` for 0), `{{name}}` and
 * `{{-name}}` interpolation (a missing value leaves the placeholder, as `skipOnVariables` does),
 * nesting `$t(key)` after interpolation, `defaultValue` and the key itself when nothing is
 * found. Formats (`{{x, number}}`) and nesting options (`$t(key, {...})`) are not supported:
 * `browser/i18next.test.ts` checks that no message uses them and that every message of both
 * languages comes out as i18next's.
 */

type Messages = Record<string, unknown>
type Options = Record<string, unknown>

let language = ''
let store: Messages = {}
const pluralRules = new Map<string, Intl.PluralRules>()

const isString = (value: unknown): value is string => typeof value === 'string'
const makeString = (value: unknown) => (value == null ? '' : `${value as string}`)
const isValid = (value: unknown) => value !== undefined && value !== null
const countOf = (s: string, re: RegExp) => s.match(re)?.length ?? 0

/** i18next's getPath, then its deepFind (keys that hold the separator), on the one namespace. */
function lookup(data: unknown, path: string): unknown {
  let node = data
  for (const part of path.split('.')) {
    if (!node || isString(node)) return deepFind(data, path)
    node = Object.prototype.hasOwnProperty.call(node, part) ? (node as Messages)[part] : undefined
  }
  return node || deepFind(data, path)
}

function deepFind(obj: unknown, path: string): unknown {
  if (!obj) return undefined
  if ((obj as Messages)[path]) return (obj as Messages)[path]
  const tokens = path.split('.')
  let current: unknown = obj
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined
    let next: unknown
    let nextPath = ''
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.'
      nextPath += tokens[j]
      next = (current as Messages)[nextPath]
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue
        i += j - i + 1
        break
      }
    }
    current = next
  }
  return current
}

function pluralSuffix(count: number) {
  let rule = pluralRules.get(language)
  if (!rule) pluralRules.set(language, (rule = new Intl.PluralRules(language)))
  return `_${rule.select(count)}`
}

function resolve(key: string, options: Options): unknown {
  const count = options.count
  const keys = [key]
  if (count !== undefined && !isString(count)) {
    keys.push(key + pluralSuffix(count as number))
    if (count === 0) keys.push(`${key}_zero`)
  }
  let found: unknown
  for (let k = keys.pop(); k !== undefined && !isValid(found); k = keys.pop()) found = lookup(store, k)
  return found
}

function interpolate(str: string, data: Options): string {
  for (const regex of [/\{\{-(.+?)\}\}/g, /\{\{(.+?)\}\}/g]) {
    let replaces = 0
    for (let match = regex.exec(str); match; match = regex.exec(str)) {
      const name = match[1].trim()
      let value = lookup(data, name)
      if (value === undefined) {
        if (!Object.prototype.hasOwnProperty.call(data, name)) continue
        value = ''
      } else if (!isString(value)) value = makeString(value)
      const text = value as string
      str = str.replace(match[0], () => text)
      regex.lastIndex += text.length - match[0].length
      if (++replaces >= 1000) break
    }
  }
  return str
}

function translate(key: unknown, opts?: unknown, lastKey?: string): unknown {
  const options: Options = isString(opts) ? { defaultValue: opts } : { ...(opts as Options) }
  if (key === undefined || key === null) return ''
  const k = String(key)
  let res = resolve(k, options)
  if (res && !isString(res) && typeof res !== 'boolean' && typeof res !== 'number') {
    return `key '${k} (${language})' returned an object instead of string.`
  }
  const hasDefault = Object.keys(options).some((o) => o.startsWith('defaultValue') && options[o] !== undefined)
  if (!isValid(res) && hasDefault) res = options.defaultValue
  if (!isValid(res)) res = k
  if (!isString(res)) return res
  // i18next's extendTranslation: interpolate, then nest unless the values brought in new $t(...).
  const nesting = /\$t\((.+?)\)/g
  const before = countOf(res, nesting)
  const data = options.replace && !isString(options.replace) ? (options.replace as Options) : options
  res = interpolate(res, data)
  if (before < countOf(res as string, nesting)) return res
  let str = res as string
  for (let match = nesting.exec(str); match; match = nesting.exec(str)) {
    const nested: Options = { ...data, applyPostProcessor: false }
    delete nested.defaultValue
    const name = match[1].trim()
    // i18next refuses a key that nests the key it was nested from.
    let value = lastKey === name ? null : translate(name, nested, k)
    if (!isString(value)) value = makeString(value)
    str = str.replace(match[0], value as string)
    // As i18next, whose nested translation resets its shared expression: scan again from the start.
    nesting.lastIndex = 0
  }
  return str
}

export type BrowserI18n = typeof i18next

const i18next = {
  get language() {
    return language
  },
  use(_plugin: unknown) {
    return i18next
  },
  async init(options: { lng: string; resources: Record<string, { translation: Messages }> }) {
    language = options.lng
    store = options.resources[language]?.translation ?? {}
    return i18next.t
  },
  t: (key: unknown, options?: unknown) => translate(key, options) as string,
  /** As i18next's with `deep`: nested keys merge; `overwrite` false keeps the strings already there. */
  addResourceBundle(lng: string, _ns: string, resources: Messages, _deep: boolean, overwrite: boolean) {
    if (lng === language) deepExtend(store, JSON.parse(JSON.stringify(resources)) as Messages, overwrite)
    return i18next
  },
}

function deepExtend(target: Messages, source: Messages, overwrite: boolean) {
  for (const prop in source) {
    if (prop === '__proto__' || prop === 'constructor') continue
    if (!(prop in target)) target[prop] = source[prop]
    else if (isString(target[prop]) || isString(source[prop])) {
      if (overwrite) target[prop] = source[prop]
    } else deepExtend(target[prop] as Messages, source[prop] as Messages, overwrite)
  }
}

export default i18next
