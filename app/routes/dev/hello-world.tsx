import { useTranslation } from 'react-i18next'
import { devRoutesEnabled } from '~/env.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'helloWorld.title' }

/**
 * /hello-world (spec: outside production only): the smallest page the app can render, through
 * the same document, root loader and i18n as every page. The benchmark's baseline page.
 */
export function loader() {
  if (!devRoutesEnabled()) throw new Response('Not found', { status: 404 })
  return null
}

export default function HelloWorld() {
  const { t } = useTranslation()
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">{t('helloWorld.title')}</h1>
    </main>
  )
}
