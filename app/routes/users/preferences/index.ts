import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** /users/:id/preferences: the account tab. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/users/${encodeURIComponent(params.id ?? '')}/preferences/account`)
