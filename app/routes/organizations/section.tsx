import { Outlet } from '@remix-run/react'
import { withArea } from '~/i18n/client'

/**
 * /organizations/*: the "Organizations" breadcrumb before the organization's name, and the
 * administration messages, which the browser loads only here.
 */
export const handle = { breadcrumb: 'organizations.title', i18nArea: 'admin' }

export const loader = () => null
export const clientLoader = withArea('admin')

export default function OrganizationsSection() {
  return <Outlet />
}
