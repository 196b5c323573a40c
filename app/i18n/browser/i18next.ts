/**
 * The browser's i18next (ADR 021): our own small translator, which does what the app's messages
 * and components use and nothing else, for ~1 kB gzip instead of i18next's ~14 kB on every page.
 * In the browser build `import i18next from 'i18next'` resolves here (vite.config.ts,
 * `browserI18next`); the server, the tests and the types keep the real i18next.
 *
 * - A key is a path in one namespace of nested messages: `members.remove.title`.
 * - `{{name}}` is the value of that name, as it is (React escapes); a name not passed stays.
 * - With a numeric `count`, `key_one` or `key_other` by the language's plural rules, else `key`.
 * - `$t(errors.{{code}})` is another message, said with the same values.
 * - A key without a message says `defaultValue`, or else the key itself.
 *
 * `browser/i18next.test.ts` checks that every message of both languages comes out as i18next's,
 * and that no message uses anything else; a message or a component that needs more of i18next
 * means extending this file and that test first.
 */

type Messages = Record<string, unknown>
type Values = { [name: string]: unknown; count?: number; defaultValue?: string }

/** A `$t(key)` or a `{{name}}`, replaced in one pass, so a value is never read as either. */
const PLACEHOLDER = /\$t\(([^)]+)\)|\{\{(\w+)\}\}/g

let messages: Messages = {}
let plurals = new Intl.PluralRules()

/** The message at a dotted key, if there is one. */
function find(key: string): string | undefined {
  let node: unknown = messages
  for (const part of key.split('.')) node = node instanceof Object && Object.hasOwn(node, part) ? (node as Messages)[part] : undefined
  return typeof node === 'string' ? node : undefined
}

/** A message with its values and nested messages in (a nested key without a message says the key). */
function fill(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (placeholder, nested?: string, name?: string) => {
    if (nested) return t(fill(nested, values), { ...values, defaultValue: undefined })
    return Object.hasOwn(values, name!) ? String(values[name!] ?? '') : placeholder
  })
}

/** `t(key, values)`: the message in the page's language, its plural form for a numeric `count`. */
function t(key: string, values: Values = {}): string {
  const { count } = values
  const plural = typeof count === 'number' ? find(`${key}_${plurals.select(count)}`) : undefined
  return fill(plural ?? find(key) ?? values.defaultValue ?? key, values)
}

const i18next = {
  /** The page's language: it never changes in a page (a language switch reloads it). */
  language: '',
  t,
  /** `initReactI18next`: nothing to do, `useTranslation()` reads this object. */
  use: (_plugin: unknown) => i18next,
  init(options: { lng: string; resources: Record<string, { translation: Messages }> }) {
    i18next.language = options.lng
    messages = options.resources[options.lng].translation
    plurals = new Intl.PluralRules(options.lng)
  },
  /**
   * An area's messages join the page's. Areas never share a top-level key (locales.test.ts), so
   * they join at the top, and the bundle is always in the page's language and namespace.
   */
  addResourceBundle(_lng: string, _ns: string, resources: Messages) {
    messages = { ...messages, ...resources }
  },
}

export default i18next
