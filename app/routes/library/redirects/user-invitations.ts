import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'

/** /library/users/:id and /library/users/:id/invitations: both are the invitations page of :id. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/library/invitations/${encodeURIComponent(params.id!)}`)
}

export const action = () => methodNotAllowed('GET, HEAD')
