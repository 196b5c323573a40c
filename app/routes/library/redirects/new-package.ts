import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'

/** /library/packages/new: the new-package wizard starts at step 1. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/library/packages/new/1${new URL(request.url).search}`)
}

export const action = () => methodNotAllowed('GET, HEAD')
