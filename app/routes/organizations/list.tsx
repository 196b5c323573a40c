// Placeholder: replaced by the organization administration work.
import { ErrorScreen } from '~/ui/error-screen'

export function loader() {
  throw new Response('Not found', { status: 404 })
}

export default function Placeholder() {
  return <ErrorScreen status={404} />
}
