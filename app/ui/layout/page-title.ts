import type { Breadcrumb } from './breadcrumbs'

/**
 * A route's `handle.title` names its page in the tab title where the breadcrumbs do not (the auth
 * screens have none): a message key, or a function of the loader data giving one.
 */
export type PageTitle = string | ((data: unknown) => string | null)

type Match = { handle?: unknown; data?: unknown }

/**
 * The name of the page the matches show: the innermost route's `handle.title`, else its breadcrumb
 * (the last crumb is the page the user is on); null when no route names it (the brand alone).
 */
export function pageName(matches: Match[], t: (key: string) => string): string | null {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as { title?: PageTitle; breadcrumb?: Breadcrumb | null } | undefined
    if (handle?.title !== undefined) {
      const key = typeof handle.title === 'string' ? handle.title : handle.title(match.data)
      if (key) return t(key)
    }
    const crumb = handle?.breadcrumb
    if (!crumb) continue
    const label = typeof crumb === 'string' ? t(crumb) : crumb(match.data)?.label
    if (label) return label
  }
  return null
}

/** "(N) Page – Brand": the page first (WCAG 2.4.2), the count of new alerts before it when there are any. */
export const documentTitle = (page: string | null, brand: string, alertsNew: number) => {
  const title = page ? `${page} – ${brand}` : brand
  return alertsNew > 0 ? `(${alertsNew}) ${title}` : title
}
