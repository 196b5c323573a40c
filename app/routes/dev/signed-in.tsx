import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { devRoutesEnabled } from '~/env.server'

/**
 * /dev/signed-in (outside production only, like /hello-world): an empty page inside the
 * signed-in app layout (header, side menu, breadcrumbs). The benchmark measures with it the fixed
 * cost every signed-in page pays before its own content.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!devRoutesEnabled()) throw new Response('Not found', { status: 404 })
  await requireUser(request, context)
  return null
}

export default function SignedInEmpty() {
  return null
}
