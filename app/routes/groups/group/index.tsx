import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** /groups/:groupId: the group's overview (the breadcrumb of the group's name links here). */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/groups/${params.groupId}/home`)
