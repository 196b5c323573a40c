import type { Page } from '@playwright/test'
import { APP_URL, type ReceivedEmail } from './mail'

/*
 * No dead ends (tests/e2e/links.spec.ts, tests/e2e/journeys.spec.ts): the links a person meets
 * are requested as that person, and none may answer 404 or a server error, or show a message
 * whose value was left out (a raw `{{name}}`).
 */

/** A message whose value was not filled in: `{{name}}`, `{{ count }}`. */
export const RAW_PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/

/** Where a link led: its status, and the raw placeholder it showed, if any. */
export interface Visit {
  status: number
  placeholder: string | null
}

/** The same-origin link targets inside `scope` (path and query, without fragments). */
export async function linksOf(page: Page, scope = 'body') {
  const origin = new URL(page.url()).origin
  const hrefs = await page.locator(`${scope} a[href]`).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
  return [
    ...new Set(
      hrefs
        .map((href) => new URL(href))
        .filter((url) => url.origin === origin)
        .map((url) => `${url.pathname}${url.search}`),
    ),
  ]
}

/** The visible text of an HTML answer: scripts (the loader data, the messages) and tags removed. */
export const visibleText = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')

/** The first raw placeholder of a text, or null. */
export const placeholderIn = (text: string) => RAW_PLACEHOLDER.exec(text)?.[0] ?? null

/**
 * Requests each path as the page's user (the page's cookies), following redirects, and records
 * what it answered. Paths already in `visits` are not requested again.
 */
export async function visitAll(page: Page, paths: readonly string[], visits = new Map<string, Visit>()) {
  for (const path of paths) {
    if (visits.has(path)) continue
    const response = await page.request.get(path, { maxRedirects: 5 })
    const html = (response.headers()['content-type'] ?? '').includes('text/html')
    visits.set(path, { status: response.status(), placeholder: html ? placeholderIn(visibleText(await response.text())) : null })
  }
  return visits
}

/** The visits that failed: a 404, a server error or a raw placeholder. */
export const deadEnds = (visits: Map<string, Visit>) =>
  [...visits].filter(([, v]) => v.status === 404 || v.status >= 500 || v.placeholder !== null).map(([path, v]) => ({ path, ...v }))

/** Every link to the app in an email's text part, as paths with their queries. */
export function appLinksIn(email: Pick<ReceivedEmail, 'text'>) {
  const escaped = APP_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return [...new Set([...email.text.matchAll(new RegExp(`${escaped}(/[^\\s<>"')\\]]*)`, 'g'))].map((m) => m[1]))]
}
