import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'

/** /library/signin: the library's old sign-in address; sign-in is /signin (redirectTo kept). */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/signin${new URL(request.url).search}`)
}

export const action = () => methodNotAllowed('GET, HEAD')
