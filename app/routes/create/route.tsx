import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import type { GroupKind } from '~/db/schema'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { MAX_CHOSEN_MEMBERS } from '~/services/groups/group-creation.schemas'
import { organizationsWhereUserMayCreate } from '~/services/groups/group-creation.server'
import { readForm, type FormLimits } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { CreateGroupScreenForm } from './create-form'
import { CREATE_INTENTS, type CreateActionData } from './intents.server'
import { NotPermitted } from './not-permitted'

/**
 * /create/group and /create/attendance-group (this module and attendance-group.tsx, which differs
 * only in its breadcrumb; the URL decides the kind): for the admins and group creators of an active organization, attendance groups only
 * where permitted (spec section 6). Anyone else signed in gets a page that says how to become a
 * group creator, not a 404. Owner and members are chosen with the people picker (app/ui/people-picker.tsx),
 * each member with a role of their own; it works without JavaScript (its search submits the form).
 */
export const handle = { breadcrumb: 'createGroup.title.standard', i18nArea: 'create' }
export const clientLoader = withArea('create')

/** The create form posts one `memberIds` per chosen member. */
const CREATE_FORM: FormLimits = { repeats: { memberIds: MAX_CHOSEN_MEMBERS } }

const kindOf = (request: Request): GroupKind =>
  new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/attendance-group') ? 'attendance' : 'standard'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const kind = kindOf(request)
  const all = await routeCall(() => organizationsWhereUserMayCreate(ctxFor(user, context)), { failure: 'createGroup.loadError' })
  const organizations = kind === 'attendance' ? all.filter((o) => o.mayCreateAttendance) : all
  const wanted = new URL(request.url).searchParams.get('organizationId')
  const selected = organizations.find((o) => o._id === wanted)?._id ?? (organizations.length === 1 ? organizations[0]._id : '')
  const denied = organizations.length > 0 ? null : all.length > 0 ? ('attendance' as const) : ('groups' as const)
  // The owner is the user unless they choose someone else.
  const me = { _id: user.id, name: user.name, email: user.email }
  return { kind, organizations: organizations.map(({ _id, name, isAdmin }) => ({ _id, name, isAdmin })), selected, me, denied }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const form = await readForm(request, CREATE_FORM)
  const handler = handlerFor(CREATE_INTENTS, form)
  if (!handler) return data({ intent: null }, { status: 400 })
  return routeCall(() => handler({ ctx, kind: kindOf(request), form }), { failure: 'createGroup.updateError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function CreateGroupScreen() {
  const { t } = useTranslation()
  const { kind, organizations, selected, me, denied } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as CreateActionData | undefined
  if (denied) return <NotPermitted reason={denied} />
  return (
    <section aria-labelledby="create-title" className="max-w-2xl">
      <h1 id="create-title" className="mb-1 text-xl font-bold">
        {t(`createGroup.title.${kind}`)}
      </h1>
      <p className="mb-6 text-slate-700">{t(`createGroup.intro.${kind}`)}</p>
      <CreateGroupScreenForm
        kind={kind}
        organizations={organizations}
        selected={selected}
        me={me}
        lastResult={actionData?.intent === 'create' ? actionData.result : undefined}
        people={actionData?.intent === 'create' ? actionData.people : undefined}
      />
    </section>
  )
}
