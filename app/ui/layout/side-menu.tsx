import { Link, NavLink } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SideMenu as SideMenuData } from '~/services/menu.server'
import { BUILT_SCREENS } from './screens'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`

const ROLE_ICON: Record<string, string> = { owner: '★', leader: '◆', subscriber: '◉', member: '•' }

/** A group of the menu: its role's icon (with the role for screen readers) and its name. */
function GroupLabel({ name, role }: { name: string; role: string }) {
  const { t } = useTranslation()
  return (
    <>
      <span aria-hidden title={t(`sideMenu.role.${role}`)} className="w-4 text-center text-brand-600">
        {ROLE_ICON[role] ?? '•'}
      </span>
      <span className="truncate">{name}</span>
      <span className="sr-only">({t(`sideMenu.role.${role}`)})</span>
    </>
  )
}

/**
 * The side menu (spec section 2): invitation code, create group (and attendance group when
 * permitted), the user's groups with their role, and the organizations where the user may create
 * groups. Rendered once: a disclosure on small screens, always open from md up (CSS only). Links
 * to screens not built yet (BUILT_SCREENS) are left out; the groups are listed as text until then.
 */
export function SideMenu({ menu }: { menu: SideMenuData }) {
  const { t } = useTranslation()
  const content = (
    <nav aria-label={t('sideMenu.label')} className="flex flex-col gap-4">
      <ul>
        <li>
          <NavLink to="/invitation-code" className={linkClass}>
            {t('sideMenu.invitationCode')}
          </NavLink>
        </li>
        {BUILT_SCREENS.groups && menu.canCreateGroups ? (
          <>
            <li>
              <Link to="/create/group" className={linkClass({ isActive: false })}>
                {t('sideMenu.createGroup')}
              </Link>
            </li>
            <li>
              <Link to="/create/attendance-group" className={linkClass({ isActive: false })}>
                {t('sideMenu.createAttendanceGroup')}
              </Link>
            </li>
          </>
        ) : null}
      </ul>
      {menu.groups.length ? (
        <div>
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('sideMenu.groups')}
          </h2>
          <ul>
            {menu.groups.map((g) => (
              <li key={g._id}>
                {BUILT_SCREENS.groups ? (
                  <Link to={`/groups/${g._id}/home`} className={`${linkClass({ isActive: false })} flex items-center gap-2`}>
                    <GroupLabel name={g.name} role={g.role} />
                  </Link>
                ) : (
                  <span className="flex items-center gap-2 px-3 py-1.5 text-sm text-slate-700">
                    <GroupLabel name={g.name} role={g.role} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {menu.organizations.length ? (
        <div>
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('sideMenu.organizations')}
          </h2>
          <ul>
            {menu.organizations.map((o) => (
              <li key={o._id}>
                <NavLink to={o.isAdmin ? `/organizations/${o._id}` : '/organizations'} className={linkClass}>
                  {o.name}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/organizations" end className={linkClass}>
                {t('sideMenu.allOrganizations')}
              </NavLink>
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  )
  // One copy for every screen size: a <details> that a phone opens and closes (no JavaScript
  // needed); from md up, where the browser can style the details' content (::details-content),
  // the summary is hidden and the menu always shown. Older browsers keep the disclosure.
  return (
    <details className="mb-4 rounded-md bg-white p-2 ring-1 ring-slate-200 md:m-0 md:w-56 md:shrink-0 md:bg-transparent md:p-0 md:ring-0 md:supports-[selector(::details-content)]:details-content:[content-visibility:visible]">
      <summary className="cursor-pointer px-2 py-1 font-medium md:supports-[selector(::details-content)]:hidden">{t('sideMenu.open')}</summary>
      <div className="mt-2 md:mt-0">{content}</div>
    </details>
  )
}
