import type { RouteConfigEntry } from '@remix-run/route-config'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '~/i18n/i18n.server'
import routes from '~/routes'
import { documentTitle, pageName } from './page-title'

const t = (key: string) => `t:${key}`

describe('the tab title (WCAG 2.4.2)', () => {
  it('names the page, then the product; the new alerts before both, only when above zero', () => {
    expect(documentTitle('Medlemmar', 'Grupper', 0)).toBe('Medlemmar – Grupper')
    expect(documentTitle('Medlemmar', 'Grupper', 3)).toBe('(3) Medlemmar – Grupper')
    expect(documentTitle(null, 'Grupper', 250)).toBe('(250) Grupper')
  })

  it('takes the innermost route’s title, else its last breadcrumb, else none', () => {
    const org = { handle: { breadcrumb: () => ({ label: 'Exempelskolan' }) } }
    expect(pageName([{}, org, { handle: { breadcrumb: 'members.title' } }], t)).toBe('t:members.title')
    expect(pageName([{}, org, { handle: { title: 'signin.title' } }], t)).toBe('t:signin.title')
    expect(pageName([{ handle: { title: (d: unknown) => `${(d as { mode: string }).mode}.title` }, data: { mode: 'resend' } }], t)).toBe(
      't:resend.title',
    )
    // A layout's name stands in when the page's cannot be found (an error below it).
    expect(pageName([org, { handle: { breadcrumb: () => null } }], t)).toBe('Exempelskolan')
    expect(pageName([{}, { handle: { breadcrumb: null } }], t)).toBeNull()
  })
})

/** Every route entry with its parent, depth first. */
function walk(entries: RouteConfigEntry[], parent?: RouteConfigEntry): { entry: RouteConfigEntry; parent?: RouteConfigEntry }[] {
  return entries.flatMap((entry) => [{ entry, parent }, ...walk(entry.children ?? [], entry)])
}

type RouteModule = { default?: unknown; handle?: { title?: unknown; breadcrumb?: unknown } }
const load = (entry: RouteConfigEntry) => import(/* @vite-ignore */ `../../${entry.file}`) as Promise<RouteModule>
/** The empty page the benchmark measures the layout with (outside production only). */
const UNNAMED = ['routes/dev/signed-in.tsx']

describe('every page names itself in its title', () => {
  it('each route that renders a page has a title or a breadcrumb of its own, translated in sv and en', async () => {
    const sv = i18nFor('sv')
    const en = i18nFor('en')
    let checked = 0
    const unnamed: string[] = []
    for (const { entry, parent } of walk(routes)) {
      const module = await load(entry)
      // A resource route or a layout: the page inside it names itself.
      if (!module.default || entry.children?.length || UNNAMED.includes(entry.file)) continue
      // An index route is its section's page (the list under "Organizations"): the section's name is its name.
      const own = module.handle?.title ?? module.handle?.breadcrumb
      const handle = own === undefined && entry.index && parent ? (await load(parent)).handle : module.handle
      const name = handle?.title ?? handle?.breadcrumb
      checked++
      if (name === undefined || name === null) {
        unnamed.push(entry.file)
        continue
      }
      if (typeof name === 'string') {
        for (const i18n of [sv, en]) expect(i18n.t(name), `${entry.file} ${i18n.language}`).not.toBe(name)
      }
    }
    expect(unnamed).toEqual([])
    expect(checked).toBeGreaterThanOrEqual(50)
  })
})
