import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { i18nFor } from '~/i18n/i18n.server'
import type { RootData } from '~/ui/root-data'

/**
 * A component's HTML as the server renders it, in a locale's messages, inside a router (for
 * components that use forms, links or the location): what the page shows without JavaScript.
 * `root` is the root loader's data the component reads (the signed-in user's timezone).
 */
export async function renderHtml(node: React.ReactNode, locale: 'sv' | 'en' = 'en', url = 'http://localhost/', root?: Partial<RootData>) {
  const routes = [{ id: 'root', path: '*', element: node, ...(root ? { loader: () => root } : {}) }]
  const context = await createStaticHandler(routes).query(new Request(url))
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(locale)}>
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  )
}

/** The text of HTML, tags dropped and spaces collapsed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
