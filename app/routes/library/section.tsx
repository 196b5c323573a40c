import { Outlet } from '@remix-run/react'
import { withArea } from '~/i18n/client'

/**
 * /library/*: the "Library" breadcrumb and the library messages, which the browser loads only
 * here (spec section 2, "/library").
 */
export const handle = { breadcrumb: 'library.title', i18nArea: 'library' }

export const loader = () => null
export const clientLoader = withArea('library')

export default function LibrarySection() {
  return <Outlet />
}
