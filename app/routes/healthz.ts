/** GET /healthz: liveness for load balancers, and the minimal route of the benchmark. */
export function loader() {
  return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
}
