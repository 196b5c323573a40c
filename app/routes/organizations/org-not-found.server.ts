import { DomainError } from '~/errors'

/**
 * Runs a service call of an organization screen. ORGANIZATION_NOT_FOUND (not an admin of it, or
 * no such organization) becomes a thrown 404, which the organization layout shows as the
 * not-found screen without breadcrumbs.
 */
export async function orNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORGANIZATION_NOT_FOUND') throw new Response('Not found', { status: 404 })
    throw error
  }
}
