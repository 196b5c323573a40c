// Placeholder: replaced by the organization administration work.
const notImplemented = () => Response.json({ message: 'NOT_FOUND' }, { status: 404 })
export const loader = notImplemented
export const action = notImplemented
