import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, i18nOptions, isLocale } from '~/i18n/config'
import { markLoaded } from '~/i18n/client'
import { isArea, loadMessages } from '~/i18n/resources'

// The page's locale is on <html lang>, the message areas it needs on data-i18n-areas: only those
// are loaded before hydrating.
const html = document.documentElement
const lng = isLocale(html.lang) ? html.lang : DEFAULT_LOCALE
const areas = (html.dataset.i18nAreas ?? 'core').split(' ').filter(isArea)
markLoaded(areas)

await i18next.use(initReactI18next).init({
  ...i18nOptions,
  lng,
  resources: { [lng]: { translation: await loadMessages(lng, areas) } },
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
