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
import enMyGroups from './locales/en/my-groups.json'
import enOrganizations from './locales/en/organizations.json'
import enPlatform from './locales/en/platform.json'
import enProfile from './locales/en/profile.json'
import svCore from './locales/sv/core'
import svCreate from './locales/sv/create.json'
import svGroups from './locales/sv/groups.json'
import svInvitations from './locales/sv/invitations.json'
import svLibrary from './locales/sv/library.json'
import svMail from './locales/sv/mail.json'
import svMyGroups from './locales/sv/my-groups.json'
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

/**
 * A text without values is the same for every call: the server's instances never change language
 * or resources, so such a lookup is answered from a map instead of being resolved anew by i18next
 * (a few µs each; a signed-in page makes dozens). Calls with values go to i18next as before.
 */
function memoizePlainLookups(instance: i18n, lng: Locale) {
  const translate = instance.t as unknown as (...args: unknown[]) => unknown
  const texts = new Map<string, unknown>()
  instance.t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 0 || !isPlainLookup(options, lng)) return translate(key, options, ...rest)
    let text = texts.get(key)
    if (text === undefined) {
      text = translate(key)
      texts.set(key, text)
    }
    return text
  }) as unknown as TFunction
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
    memoizePlainLookups(instance, lng)
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
