import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupRole } from '~/db/schema'
import type { SideMenu as SideMenuData } from '~/services/groups/menu.server'
import { AppLink, AppNavLink } from '../app-link'
import { useClosingDetails } from '../disclosure-menu'
import { groupRoleText, useRoleLabels } from '../group-role'
import { builtPath } from './screens'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `group flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${
    isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'
  }`

const headingClass = 'px-3 text-xs font-semibold uppercase tracking-wide text-slate-600'

/**
 * A group's or organization's name in the menu: up to two lines, so that "Samhällskunskap 7A" and
 * "Samhällskunskap 7B" are told apart; a longer name is whole on hover (the link's title) and when
 * the link has the keyboard's focus, and always in the link's accessible name.
 */
const nameClass = 'min-w-0 flex-1 break-words line-clamp-2 group-focus-visible:line-clamp-none'

/**
 * A group of the menu: its name on up to two lines (whole on keyboard focus), then its role's
 * icons drawn by the stylesheet in the link's end padding (`role-flags-after`, app/styles/app.css).
 */
const groupLinkClass =
  (role: GroupRole) =>
  ({ isActive }: { isActive: boolean }) =>
    `role-flags-after role-flags-${role} rounded-md py-1.5 pl-3 text-sm break-words line-clamp-2 focus-visible:line-clamp-none ${
      isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'
    }`

/** A link of the menu, or nothing while its screen is not built (BUILT_SCREENS: no dead links). */
function MenuLink({ to, children, end, title }: { to: string; children: React.ReactNode; end?: boolean; title?: string }) {
  const path = builtPath(to)
  if (!path) return null
  return (
    <li>
      <AppNavLink to={path} end={end} className={linkClass} title={title}>
        {children}
      </AppNavLink>
    </li>
  )
}

/**
 * The side menu (spec section 2): invitation code, create group (and attendance group when
 * permitted), the user's groups with their role's flags, and the organizations where the user
 * may create groups. Rendered once, as a <details>: from md up always shown beside the page
 * (CSS only); on a phone its button sits at the start of the header and opens it as a drawer.
 * It works without JavaScript; with it, it closes on an outside click, Escape and a followed link.
 */
export function SideMenu({ menu }: { menu: SideMenuData }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  useClosingDetails(ref)
  const roleLabels = useRoleLabels()
  const groupsLink = builtPath('/groups')
  const content = (
    <nav aria-label={t('sideMenu.label')} className="flex flex-col gap-4">
      <ul>
        <MenuLink to="/invitation-code">{t('sideMenu.invitationCode')}</MenuLink>
        {menu.canCreateGroups ? <MenuLink to="/create/group">{t('sideMenu.createGroup')}</MenuLink> : null}
        {menu.canCreateAttendanceGroups ? <MenuLink to="/create/attendance-group">{t('sideMenu.createAttendanceGroup')}</MenuLink> : null}
      </ul>
      {menu.groups.length ? (
        <div>
          <h2 className={headingClass}>{t('sideMenu.groups')}</h2>
          <ul>
            {menu.groups.map((g) => {
              const path = builtPath(`/groups/${g._id}/home`)
              // Three elements a group (docs/testing.md "Benchmark": at most 800 elements a page): the role's icons are the link's ::after, its text for screen readers.
              const role = groupRoleText(g.role, g.flags, roleLabels)
              const label = (
                <>
                  {g.name}
                  <span className="sr-only"> {role}</span>
                </>
              )
              const title = `${g.name} ${role}`
              return (
                <li key={g._id}>
                  {path ? (
                    <AppNavLink to={path} end className={groupLinkClass(g.role)} title={title}>
                      {label}
                    </AppNavLink>
                  ) : (
                    <span className={groupLinkClass(g.role)({ isActive: false })} title={title}>
                      {label}
                    </span>
                  )}
                </li>
              )
            })}
            {menu.moreGroups && groupsLink ? (
              <li>
                <AppLink to={groupsLink} className={`${linkClass({ isActive: false })} font-medium text-brand-700`}>
                  {t('sideMenu.showAllGroups')}
                </AppLink>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {menu.organizations.length ? (
        <div>
          <h2 className={headingClass}>{t('sideMenu.organizations')}</h2>
          <ul>
            {menu.organizations.map((o) => (
              <MenuLink key={o._id} to={`/organizations/${o._id}`} title={o.name}>
                <span className={nameClass}>{o.name}</span>
                {o.active ? null : <span className="text-xs text-amber-800">({t('sideMenu.inactive')})</span>}
              </MenuLink>
            ))}
            <MenuLink to="/organizations" end>
              {t('sideMenu.allOrganizations')}
            </MenuLink>
          </ul>
        </div>
      ) : null}
    </nav>
  )
  // From md up, where the browser can style the details' content (::details-content), the summary
  // is hidden and the menu always shown; older browsers keep the disclosure. On a phone the
  // summary is placed over the header's start (the page's wrapper is `relative`) and the content
  // is a drawer from the left over a backdrop, the summary above both to close it again.
  return (
    <details
      ref={ref}
      className="md:w-56 md:shrink-0 md:supports-[selector(::details-content)]:details-content:[content-visibility:visible]"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 max-md:absolute max-md:left-4 max-md:top-2.5 max-md:z-50 md:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="text-base leading-none">
          ☰
        </span>
        <span>{t('sideMenu.open')}</span>
      </summary>
      <div aria-hidden data-dismiss className="fixed inset-0 z-30 bg-slate-900/30 md:hidden" />
      <div className="max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-40 max-md:w-72 max-md:max-w-[85vw] max-md:overflow-y-auto max-md:bg-white max-md:px-3 max-md:pb-3 max-md:pt-16 max-md:shadow-xl">
        {content}
      </div>
    </details>
  )
}
