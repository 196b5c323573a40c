import { Outlet } from '@remix-run/react'
import { withArea } from '~/i18n/client'

/**
 * /groups/*: the user's own groups and each group's home. The "Groups" breadcrumb before a
 * group's name, and the messages of this area, which the browser loads only here.
 */
export const handle = { breadcrumb: 'myGroups.title', i18nArea: 'myGroups' }

export const loader = () => null
export const clientLoader = withArea('myGroups')

export default function GroupsSection() {
  return <Outlet />
}
