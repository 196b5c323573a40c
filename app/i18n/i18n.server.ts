import { createCookie } from '@remix-run/node'
import { createInstance, type i18n, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { isSecureOrigin } from '~/env.server'
import { DEFAULT_LOCALE, i18nOptions, isLocale, LOCALES, type Locale } from './config'
import enCore from './locales/en/core'
import enCreate from './locales/en/create.json'
import enGroups from './locales/en/groups.json'
import enInvitations from './locales/en/invitations.json'
import enLibrary from './locales/en/library.json'
import enMail from './locales/en/mail.json'
import enMyGroups from './locales/en/groups-area'
import enOrganizations from './locales/en/organizations.json'
import enPlatform from './locales/en/platform.json'
import enProfile from './locales/en/profile.json'
import svCore from './locales/sv/core'
import svCreate from './locales/sv/create.json'
import svGroups from './locales/sv/groups.json'
import svInvitations from './locales/sv/invitations.json'
import svLibrary from './locales/sv/library.json'
import svMail from './locales/sv/mail.json'
import svMyGroups from './locales/sv/groups-area'
import svOrganizations from './locales/sv/organizations.json'
import svPlatform from './locales/sv/platform.json'
import svProfile from './locales/sv/profile.json'

/** The server has every area, and the mail texts that never go to the browser. */
const messages: Record<Locale, Record<string, unknown>> = {
  sv: {
    ...svCore,
    ...svOrganizations,
    ...svGroups,
    ...svInvitations,
    ...svPlatform,
    ...svProfile,
    ...svCreate,
    ...svMyGroups,
    ...svLibrary,
    ...svMail,
  },
  en: {
    ...enCore,
    ...enOrganizations,
    ...enGroups,
    ...enInvitations,
    ...enPlatform,
    ...enProfile,
    ...enCreate,
    ...enMyGroups,
    ...enLibrary,
    ...enMail,
  },
}

/** The options react-i18next's `t` (i18next's getFixedT) adds to every call: nothing that changes a text on the server. */
const FIXED_T_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix'])

/**
 * Whether a call's options leave the text to its key alone: none, or only those getFixedT adds,
 * for this instance's one language and namespace. Values, counts, contexts, defaults do not.
 */
function isPlainLookup(options: unknown, lng: Locale) {
  if (options === undefined) return true
  if (typeof options !== 'object' || options === null) return false
  // for…in, not Object.entries: this runs on every translation call, without allocating.
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name]
    if (!FIXED_T_OPTIONS.has(name)) return false
    if (name === 'lng' && value !== undefined && value !== lng) return false
    if (name === 'ns' && value !== undefined && value !== 'translation') return false
    if (name === 'keyPrefix' && value) return false
  }
  return true
}

/** Options that change which text a call gives or how: these calls always go to i18next. */
const TEXT_OPTIONS = new Set([
  'context',
  'defaultValue',
  'ordinal',
  'replace',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'nsSeparator',
  'keySeparator',
])

/**
 * A message whose placeholders are all plain `{{name}}`, cut at them: text, name, text, name, …,
 * text. Undefined for anything i18next itself must resolve: nesting (`$t(…)`), formats
 * (`{{value, number}}`), unescaped (`{{- value}}`) or dotted (`{{user.name}}`) placeholders.
 */
function cutAtPlaceholders(text: string): string[] | undefined {
  if (text.includes('$t(')) return undefined
  const parts = text.split(/\{\{(\w+)\}\}/)
  return parts.some((part, i) => i % 2 === 0 && part.includes('{{')) ? undefined : parts
}

/**
 * The values of a call with options, when each is a plain string or number that only fills a
 * placeholder, and `count` a number (besides what getFixedT adds): undefined for contexts,
 * defaults, ordinals and the like.
 */
function fillValues(options: object, lng: Locale): Record<string, string | number> | undefined {
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name]
    if (FIXED_T_OPTIONS.has(name)) {
      if (name === 'lng' && value !== undefined && value !== lng) return undefined
      if (name === 'ns' && value !== undefined && value !== 'translation') return undefined
      if (name === 'keyPrefix' && value) return undefined
    } else if (TEXT_OPTIONS.has(name) || name.startsWith('defaultValue') || (typeof value !== 'string' && typeof value !== 'number')) {
      return undefined
    } else if (name === 'count' && typeof value !== 'number') {
      return undefined
    }
  }
  return options as Record<string, string | number>
}

/**
 * The server's instances never change language or resources, so a message is the same for every
 * call: a text without values is answered from a map instead of being resolved anew by i18next (a
 * few µs each; a signed-in page makes dozens), and a text with values is filled in from its cut
 * form (i18next's interpolation costs ~10-20 µs a call; a list makes several per row). With a
 * `count`, the message is the one i18next picks: the language's plural form (Intl.PluralRules),
 * else the key itself. Values go in as they are
 * (escapeValue: false; React escapes) and are not read again for placeholders, as i18next's
 * skipOnVariables does. Anything else (contexts, defaults, ordinals, nesting, formats, a
 * placeholder without its value, an unknown key) goes to i18next as before.
 *
 * `getFixedT` for the instance's own language and namespace (what useTranslation asks for) gives
 * this same function instead of i18next's wrapper, which copies the options on every call.
 */
function memoizeLookups(instance: i18n, lng: Locale) {
  const translate = instance.t as unknown as (...args: unknown[]) => unknown
  const plural = new Intl.PluralRules(lng)
  const texts = new Map<string, unknown>()
  const cuts = new Map<string, string[] | null>()
  const plain = (key: string) => {
    let text = texts.get(key)
    if (text === undefined) {
      text = translate(key)
      texts.set(key, text)
    }
    return text
  }
  const exists = (key: string) => {
    const text = plain(key)
    return typeof text === 'string' && text !== key
  }
  const cutOf = (key: string) => {
    let cut = cuts.get(key)
    if (cut === undefined) {
      cut = (exists(key) && cutAtPlaceholders(plain(key) as string)) || null
      cuts.set(key, cut)
    }
    return cut
  }
  // A `_zero` message (none so far) is left to i18next.
  const pluralKeyOf = (key: string, count: number) => {
    if (count === 0 && exists(`${key}_zero`)) return undefined
    const form = `${key}_${plural.select(count)}`
    return exists(form) ? form : key
  }
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 0) return translate(key, options, ...rest)
    if (isPlainLookup(options, lng)) return plain(key)
    const values = typeof options === 'object' && options !== null ? fillValues(options, lng) : undefined
    if (!values) return translate(key, options)
    const target = typeof values.count === 'number' ? pluralKeyOf(key, values.count) : key
    const cut = target && cutOf(target)
    if (!cut) return translate(key, options)
    let text = cut[0]
    for (let i = 1; i < cut.length; i += 2) {
      const value = values[cut[i]]
      if (value === undefined) return translate(key, options)
      text += String(value) + cut[i + 1]
    }
    return text
  }
  instance.t = t as unknown as TFunction
  const getFixedT = instance.getFixedT.bind(instance)
  instance.getFixedT = ((fixedLng?: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) =>
    (fixedLng == null || fixedLng === lng) && (ns == null || ns === 'translation') && !keyPrefix
      ? instance.t
      : getFixedT(fixedLng as string, ns as string, keyPrefix)) as typeof instance.getFixedT
}

/** One i18next instance per locale, made once at start (not per request). */
const instances = Object.fromEntries(
  LOCALES.map((lng) => {
    const instance = createInstance()
    void instance.use(initReactI18next).init({
      ...i18nOptions,
      lng,
      resources: { [lng]: { translation: messages[lng] } },
      initImmediate: false,
    })
    memoizeLookups(instance, lng)
    return [lng, instance]
  }),
) as Record<Locale, i18n>

export const i18nFor = (locale: Locale): i18n => instances[locale]
export const tFor = (locale: Locale): TFunction => instances[locale].t

export const localeCookie = createCookie('locale', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: isSecureOrigin(),
  maxAge: 365 * 24 * 60 * 60,
})

const detector = new RemixI18Next({
  detection: { supportedLanguages: [...LOCALES], fallbackLanguage: DEFAULT_LOCALE, cookie: localeCookie },
})

/** The user's saved locale wins, then the locale cookie, then Accept-Language, then sv. */
export async function detectLocale(request: Request, savedLocale?: string | null): Promise<Locale> {
  if (isLocale(savedLocale)) return savedLocale
  const detected = await detector.getLocale(request)
  return isLocale(detected) ? detected : DEFAULT_LOCALE
}
