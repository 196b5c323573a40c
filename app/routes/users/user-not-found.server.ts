import { DomainError } from '~/errors'

/**
 * Runs a service call of a profile screen: USER_NOT_FOUND (someone else's id, or a user the actor
 * shares nothing with) becomes a thrown 404, shown as the not-found screen.
 */
export async function orUserNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'USER_NOT_FOUND') throw new Response('Not found', { status: 404 })
    throw error
  }
}
