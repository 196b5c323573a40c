/**
 * The browser's react-i18next (ADR 021): `useTranslation()` over the page's one i18next
 * (`./i18next`), whose language never changes in a page (a language switch reloads it) and whose
 * messages are loaded before anything renders them (before hydration, or in a route's
 * clientLoader). So the hook subscribes to nothing and returns the same `{ t, i18n }` every time.
 * In the browser build `react-i18next` resolves here (vite.config.ts); the server keeps the real one.
 */
import type { ReactNode } from 'react'
import i18next from './i18next'

const translation = { t: i18next.t, i18n: i18next }

export const useTranslation = () => translation

/** The browser has one instance: nothing to provide. */
export const I18nextProvider = ({ children }: { i18n?: unknown; children?: ReactNode }) => children

export const initReactI18next = { type: '3rdParty', init() {} } as const
