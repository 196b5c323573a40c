import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'

/** /library/packages/edit/:pid: the edit wizard starts at step 1. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/library/packages/edit/1/${encodeURIComponent(params.pid!)}`)
}

export const action = () => methodNotAllowed('GET, HEAD')
