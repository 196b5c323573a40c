import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'
import { ErrorScreen } from './error-screen'
import { failureMessageOf } from './route-failure'

/**
 * The one error boundary of every route: `export { RouteErrorBoundary as ErrorBoundary } from
 * '~/ui/route-error-boundary'`. A route that threw a list failure (routeCall's `failure`: "Could not load
 * groups.", spec section 8) shows that message with "Try again?" under the screen's title, in
 * place of the screen; anything else (404, 403, an unexpected error) is the error screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error)) console.error(error)
  const message = isRouteErrorResponse(error) ? failureMessageOf(error.data) : null
  if (message) return <FailureMessage message={message} />
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} />
}

/** The root's boundary: no layout renders around it, so it brings the <main> landmark itself. */
export function RootErrorBoundary() {
  return (
    <main>
      <RouteErrorBoundary />
    </main>
  )
}

function FailureMessage({ message }: { message: string }) {
  const { t } = useTranslation()
  const location = useLocation()
  // The screen's title: the last breadcrumb given as a message key (see Breadcrumb).
  const title = useMatches()
    .map((m) => (m.handle as { breadcrumb?: unknown } | undefined)?.breadcrumb)
    .filter((b): b is string => typeof b === 'string')
    .at(-1)
  return (
    <section aria-labelledby="route-error-title">
      {title ? (
        <h1 id="route-error-title" className="mb-4 text-xl font-bold">
          {t(title)}
        </h1>
      ) : null}
      <Alert tone="error">
        <p>
          {t(message)} {/* A full page load: the loaders run again from a clean state. */}
          <a href={`${location.pathname}${location.search}`} className="font-medium underline">
            {t('common.tryAgain')}
          </a>
        </p>
      </Alert>
    </section>
  )
}
