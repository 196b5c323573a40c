import { methodNotAllowed } from '~/errors'

/** GET /healthz: liveness for load balancers, and the minimal route of the benchmark. */
export function loader() {
  return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
}

/** Any other method: 405 with Allow (without an action, Remix would answer its own error). */
export const action = () => methodNotAllowed('GET, HEAD')
