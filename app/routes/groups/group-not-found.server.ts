import { DomainError, messageKey } from '~/errors'
import { redirectWithToast } from '~/http/toast.server'

/**
 * Runs a service call of a group screen. GROUP_NOT_FOUND (not a member nor an admin of its
 * organization, another organization's group, no such group) becomes a thrown 404: the
 * not-found page, without breadcrumbs; nothing tells the group exists.
 */
export async function orGroupNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'GROUP_NOT_FOUND') throw new Response('Not found', { status: 404 })
    throw error
  }
}

/** The group home's wording of a refused change, else the catalogue's. */
const GROUP_MESSAGES = new Set(['MEMBER_NOT_FOUND', 'IS_GROUP_OWNER'])

/**
 * Runs a change of a group screen's action. A refused change (FORBIDDEN, IS_GROUP_OWNER,
 * MEMBER_NOT_FOUND, ORGANIZATION_INACTIVE, …, e.g. after a change in another tab) goes back to the
 * screen with its message as an error toast; GROUP_NOT_FOUND is left to orGroupNotFound.
 */
export async function orRefusedToast<T>(here: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'GROUP_NOT_FOUND' || error.status >= 500) throw error
    const key = GROUP_MESSAGES.has(error.code) ? `groupHome.errors.${error.code}` : messageKey(error.code)
    throw await redirectWithToast(here, { key, type: 'error' })
  }
}
