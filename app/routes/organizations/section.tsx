import { Outlet } from '@remix-run/react'
import { withArea } from '~/i18n/client'

/**
 * /organizations/*: the "Organizations" breadcrumb before the organization's name, and the
 * organization messages, which the browser loads only here (groups and group creators add theirs).
 */
export const handle = { breadcrumb: 'organizations.title', i18nArea: 'organizations' }

export const loader = () => null
export const clientLoader = withArea('organizations')

export default function OrganizationsSection() {
  return <Outlet />
}
