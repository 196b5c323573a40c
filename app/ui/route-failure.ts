/**
 * What a route throws for a list message of spec section 8 ("Could not load groups.", "Could not
 * update groups.", …): a message key, which RouteErrorBoundary shows with "Try again?". Shared by
 * the server (routeCall in app/http/route-call.server.ts throws it) and the browser (the boundary reads it).
 */
export type RouteFailure = { failure: string }

export const failureMessageOf = (data: unknown): string | null => {
  const failure = (data as Partial<RouteFailure> | null)?.failure
  return typeof failure === 'string' ? failure : null
}
