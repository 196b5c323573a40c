// Placeholder: replaced by the organization administration work.
export function loader() {
  throw new Response('Not found', { status: 404 })
}
