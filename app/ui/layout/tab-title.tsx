import { tabTitle, useHeaderCounts } from './header-counts'

/**
 * The document's <title>: the brand, "(N) Brand" with N new alerts (spec section 1). Rendered on
 * the server from the root loader's counts; in the browser it follows the polled counts, the feed
 * and client-side navigations.
 */
export function TabTitle({ brand }: { brand: string }) {
  const counts = useHeaderCounts()
  return <title>{tabTitle(brand, counts?.alertsNew ?? 0)}</title>
}
