import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, i18nOptions, isLocale } from '~/i18n/config'
import { loadMessages } from '~/i18n/resources'

// The page's locale is on <html lang>; only that locale's messages are loaded.
const lang = document.documentElement.lang
const lng = isLocale(lang) ? lang : DEFAULT_LOCALE

await i18next.use(initReactI18next).init({
  ...i18nOptions,
  lng,
  resources: { [lng]: { translation: await loadMessages(lng) } },
})

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  )
})
