import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'

/** /forgot_password is the old address of /forgot-password (query kept). */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/forgot-password${new URL(request.url).search}`, 301)
}

export const action = () => methodNotAllowed('GET, HEAD')
