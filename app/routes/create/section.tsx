import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { withArea } from '~/i18n/client'

/**
 * /create/*: the create-group screens. This layout loads the groups messages (the member lines'
 * validation, shared with the organization's groups screen); each screen loads its own (`create`).
 */
export const handle = { i18nArea: 'groups' }

/** /create itself has no screen: it is the create-group one. */
export function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname.replace(/\/+$/, '') === '/create') throw redirect('/create/group')
  return null
}
export const clientLoader = withArea('groups')

export default function CreateSection() {
  return <Outlet />
}
