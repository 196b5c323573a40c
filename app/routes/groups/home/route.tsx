import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupAccess } from '~/services/groups/group-access.server'
import { getGroupHome } from '~/services/groups/group-home.server'
import { GROUP_MEMBER_SORTS } from '~/services/groups/groups.constants'
import { followChoices, followsOf } from '~/services/group-work/follows.server'
import { FOLLOWS_MAX } from '~/utils/group-work-limits'
import { listTasks, nextTasks } from '~/services/group-work/tasks.server'
import { getRetention } from '~/services/group-work/retention.server'
import { listGroupInvitations } from '~/services/invitations/invitations.server'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { parseListQuery } from '~/utils/list-query'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { takeGroupCode } from './group-code.server'
import { GroupSettings } from './group-settings'
import { GroupSummary } from './group-summary'
import { HOME_INTENTS, type HomeActionData } from './intents.server'
import { InviteForm } from './invite-form'
import { LeaveGroupSection } from './leave-group-section'
import { SentInvitations } from './sent-invitations'
import { FollowsPanel } from './follows-panel'
import { MembersTable } from './members-table'
import { NewGroupCode } from './new-group-code'
import { RetentionSection } from './retention-section'
import { YourTasksSection, type YourTasks } from '../tasks/your-tasks-section'

/**
 * /groups/:groupId/home (docs/groups.md): the group, its owner, my role and its members.
 * Owners and leaders invite, change roles and remove members; the owner renames, deactivates and
 * hands over (the role table decides, services/groups/group-access.server.ts); every member but the owner
 * may leave (the owner hands over first). Members and the admins of
 * its organization see it; anyone else gets the not-found page. Every form works without JavaScript.
 */
export const handle = { breadcrumb: 'groupWork.tabs.overview' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const groupId = params.groupId!
  const { q, sort, dir, page } = parseListQuery(new URL(request.url), { sorts: GROUP_MEMBER_SORTS, defaultSort: 'role' })
  const ctx = ctxFor(user, context)
  const home = await routeCall(() => getGroupHome(ctx, groupId, { q, sort, dir, page }), {
    ...GROUP_SCREEN,
    failure: 'groupHome.loadError',
  })
  // "Your tasks": the next tasks of my role without a loop of mine (none for an admin who is not a member).
  const memberTasks = await routeCall(async () => yourTasks(await listTasks(ctx, groupId)), { failure: 'groupHome.loadError' })
  // Those who invite see what became of their invitations (declined ones too: docs/invitations.md).
  const sentInvitations = home.rights.manageMembers
    ? await routeCall(() => listGroupInvitations(ctx, groupId), { failure: 'groupHome.loadError' })
    : null
  // Whom each subscriber follows (counts on the list), and one subscriber's follow form (?follows=).
  const follows = Object.fromEntries(
    [...(await routeCall(() => followsOf(ctx, groupId), { failure: 'groupHome.loadError' }))].map(([id, members]) => [id, members.length]),
  )
  const followFor = new URL(request.url).searchParams.get('follows')
  const followForm =
    followFor && home.rights.manageMembers
      ? await routeCall(() => followChoices(ctx, groupId, followFor), {
          notFound: ['GROUP_NOT_FOUND', 'MEMBER_NOT_FOUND'],
          failure: 'groupHome.loadError',
        })
      : null
  // How long loops are kept and why: every member sees it; the owner and admins change it here.
  const retention = await routeCall(() => getRetention(ctx, groupId), { failure: 'groupHome.loadError' })
  redirectPastLastPage(request, home.members)
  const { code, clear } = await takeGroupCode(request, groupId)
  return data(
    { home, query: { q, sort, dir }, newCode: code, memberTasks, sentInvitations, follows, followForm, retention },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

function yourTasks(list: Awaited<ReturnType<typeof listTasks>>): YourTasks | null {
  const { work } = list
  if (!work.access.role) return null
  const { tasks } = nextTasks(list)
  return {
    groupId: work.access.group.id,
    next: tasks,
    mineCount: list.tasks.filter((t) => t.published && t.roles.includes(work.access.role!)).length,
    canWrite: work.can.sendLoops,
    editor: work.can.editTasks
      ? { taskCount: list.tasks.length, packageDraftCount: list.packageDraftCount, draftCount: list.draftCount }
      : null,
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  // Someone who may not see the group gets the not-found page before the form is read.
  await routeCall(() => requireGroupAccess(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request, { repeats: { members: FOLLOWS_MAX } })
  const handler = handlerFor(HOME_INTENTS, form)
  if (!handler) return data<HomeActionData>({ intent: null, error: 'errors.BAD_REQUEST' }, { status: 400 })
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  return routeCall(() => handler({ ctx, groupId, form, here }), {
    ...GROUP_SCREEN,
    toast: groupRefusalToast(here),
    failure: 'groupHome.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function GroupHomePage() {
  const { t } = useTranslation()
  const { home, query, newCode, memberTasks, sentInvitations, follows, followForm, retention } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as HomeActionData | undefined
  const { group, rights } = home
  const location = useLocation()
  const [inviteWay, setInviteWay] = useState<string>()
  return (
    <div className="min-w-0 space-y-6">
      {newCode ? <NewGroupCode code={newCode.code} expires={newCode.expires} /> : null}
      <section aria-labelledby="group-title">
        <div className="mb-2 flex flex-wrap items-center gap-3">
          <h1 id="group-title" className="text-2xl font-bold break-words">
            {group.name}
          </h1>
          {group.active ? null : (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
              {t('myGroups.status.inactive')}
            </span>
          )}
        </div>
        {group.active ? null : <p className="mb-3 text-slate-700">{t('groupHome.inactive')}</p>}
        <GroupSummary home={home} />
      </section>

      {actionData?.intent === 'confirm-remove' ? (
        <ConfirmPanel
          intent="remove"
          title={t('groupHome.confirm.removeTitle')}
          body={t('groupHome.confirm.removeBody', { name: actionData.name, group: group.name })}
          action={t('groupHome.confirm.removeAction')}
          extra={{ userId: actionData.userId, name: actionData.name }}
        />
      ) : null}
      {actionData?.intent === 'confirm-hand-over' ? (
        <ConfirmPanel
          intent="hand-over"
          title={t('groupHome.confirm.handOverTitle')}
          body={t('groupHome.confirm.handOverBody', { name: actionData.name, group: group.name })}
          action={t('groupHome.confirm.handOverAction')}
          extra={{ userId: actionData.userId, name: actionData.name, oldOwnerRole: actionData.oldOwnerRole }}
        />
      ) : null}
      {actionData?.intent === 'confirm-leave' ? (
        <ConfirmPanel
          intent="leave"
          title={t('groupHome.confirm.leaveTitle')}
          body={t('groupHome.confirm.leaveBody', { group: group.name })}
          action={t('groupHome.confirm.leaveAction')}
        />
      ) : null}
      {actionData?.intent === null ? <Alert tone="error">{t(actionData.error)}</Alert> : null}

      {/* Keyed by the location: a sent invitation (a redirect) leaves an empty form, in the way last chosen. */}
      {memberTasks ? <YourTasksSection tasks={memberTasks} /> : null}

      {rights.manageMembers ? (
        <InviteForm
          key={location.key}
          way={inviteWay}
          onWayChange={setInviteWay}
          groupId={group.id}
          lastResult={actionData?.intent === 'invite' ? actionData.result : undefined}
          people={actionData?.intent === 'invite' ? actionData.people : undefined}
        />
      ) : null}
      {sentInvitations ? <SentInvitations invitations={sentInvitations} /> : null}

      {followForm ? <FollowsPanel choices={followForm} /> : null}
      <MembersTable home={home} query={query} follows={follows} />

      <RetentionSection retention={retention} lastResult={actionData?.intent === 'retention' ? actionData.result : undefined} />

      {rights.manageGroup ? (
        <GroupSettings group={group} lastResult={actionData?.intent === 'rename' ? actionData.result : undefined} />
      ) : null}

      {home.myRole ? <LeaveGroupSection groupId={group.id} groupName={group.name} isOwner={home.myRole.isOwner} /> : null}
    </div>
  )
}
