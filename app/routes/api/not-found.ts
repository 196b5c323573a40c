/** Any unknown API path: JSON 404, never an HTML page. */
const notFound = () => Response.json({ message: 'NOT_FOUND' }, { status: 404 })
export const loader = notFound
export const action = notFound
