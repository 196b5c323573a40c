import { DomainError } from '~/errors'
import { redirectWithToast } from '~/http/toast.server'

const NOT_FOUND_CODES = new Set(['PACKAGE_NOT_FOUND', 'NOT_FOUND', 'PACKAGE_INVITATION_NOT_FOUND'])

/**
 * Runs a service call of a library screen. A package (or user, or invitation) the actor may not
 * see becomes a thrown 404, the not-found screen: never "forbidden", which would tell it exists.
 */
export async function orNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && NOT_FOUND_CODES.has(error.code)) throw new Response('Not found', { status: 404 })
    throw error
  }
}

/**
 * Runs the change of a library screen's action. A catalogue error the user can act on (access
 * denied, already shared, a link gone meanwhile…) goes back to `here` with the error as a toast
 * (a thrown redirect, which orRouteFailure passes on); not-found stays the 404 screen.
 */
export async function orErrorToast<T>(here: string, call: () => Promise<T>): Promise<T> {
  try {
    return await orNotFound(call)
  } catch (error) {
    if (error instanceof DomainError) throw await redirectWithToast(here, { key: `errors.${error.code}`, type: 'error' })
    throw error
  }
}
