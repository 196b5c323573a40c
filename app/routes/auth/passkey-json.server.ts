import { DomainError } from '~/errors'

/** A ceremony's options as JSON, or the catalogue's `{ message, retryAt? }` with its status. */
export async function passkeyJson(options: () => Promise<object>) {
  try {
    return Response.json(await options(), { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return Response.json({ message: error.code, ...error.data }, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
  }
}
