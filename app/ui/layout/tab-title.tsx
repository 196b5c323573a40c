import { useMatches } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useHeaderCounts } from './header-counts'
import { documentTitle, pageName } from './page-title'

/**
 * The document's <title>: "Page – Brand", "(N) Page – Brand" with N new alerts (spec section 1;
 * WCAG 2.4.2). The page's name is its route's `handle.title` or its last breadcrumb, in the page's
 * language. Rendered on the server from the root loader's counts; in the browser it follows the
 * polled counts, the feed and client-side navigations.
 */
export function TabTitle({ brand }: { brand: string }) {
  const counts = useHeaderCounts()
  const { t } = useTranslation()
  return <title>{documentTitle(pageName(useMatches(), t), brand, counts?.alertsNew ?? 0)}</title>
}
