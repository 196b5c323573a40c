import { data } from '@remix-run/node'
import { ErrorScreen } from '~/ui/error-screen'

export const handle = { title: 'errorPage.notFound.title', breadcrumb: null }

/** Any unknown path: a real page-not-found screen, with status 404. */
export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <ErrorScreen status={404} />
}
