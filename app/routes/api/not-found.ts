import { errorResponse } from '~/errors'

/** Any unknown API path, whatever the method: JSON 404, never an HTML page. */
const notFound = () => errorResponse('NOT_FOUND')
export const loader = notFound
export const action = notFound
