import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import type { Ctx } from '~/services/context.server'
import {
  changeMemberRole,
  handOverGroup,
  leaveGroup,
  removeGroupMember,
  renameGroup,
  setGroupActive,
} from '~/services/groups/group-home.server'
import { createGroupInvitation } from '~/services/invitations/invitations.server'
import {
  ChangeRoleFormSchema,
  GroupInviteFormSchema,
  HandOverFormSchema,
  LeaveGroupFormSchema,
  RemoveMemberFormSchema,
  RenameGroupFormSchema,
  SetGroupActiveFormSchema,
} from '~/services/groups/my-groups.schemas'
import { setFollows } from '~/services/group-work/follows.server'
import { setRetention } from '~/services/group-work/retention.server'
import { RetentionSchema } from '~/services/group-work/retention.schemas'
import { isLocale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import { RETENTION_SUGGESTIONS } from '~/utils/retention-rules'
import { FollowsFormSchema } from '~/services/group-work/loop-feedback.schemas'
import { peopleByIds, searchPeople, type PersonChoice } from '~/services/members/people-search.server'
import { pickerSearchOf } from '~/ui/people-picker'
import { redirectWithToast } from '~/http/toast.server'
import { groupCodeHeader } from './group-code.server'

/**
 * The forms of a group's home, one handler each; the route's action picks one by `intent`.
 * Success ends in a redirect to the home with a toast; a form to show again (validation errors,
 * a confirmation step without JavaScript) is answered as HomeActionData.
 */

export interface HomeIntentArgs {
  ctx: Ctx
  groupId: string
  form: FormData
  here: string
}

/** The invite form's chosen person again, and (without JavaScript) its picker's search. */
export interface InvitePeople {
  chosen: PersonChoice[]
  search?: { query: string; found: PersonChoice[] }
}

export type HomeActionData =
  | { intent: 'invite'; result: SubmissionResult<string[]>; people?: InvitePeople }
  | { intent: 'rename' | 'change-role' | 'retention'; result: SubmissionResult<string[]> }
  | { intent: 'confirm-remove'; userId: string; name: string }
  | { intent: 'confirm-hand-over'; userId: string; name: string; oldOwnerRole: string }
  | { intent: 'confirm-leave' }
  | { intent: null; error: string }

const reply = (body: HomeActionData, status = 200) => data(body, { status })

/** The member's name as the page showed it, for the confirmation step only (toasts use the stored name). */
const nameOf = (form: FormData) => String(form.get('name') ?? '').slice(0, 200)

/**
 * intent invite: a person of the organization chosen with the people picker (invited at their
 * address, which gives them the alert too), anyone by email (the code is mailed) or an open code
 * (shown once after the redirect). With `find` (the picker's search without JavaScript) nothing
 * is sent: the form comes back as it was, with the matches.
 */
async function invite({ ctx, groupId, form, here }: HomeIntentArgs) {
  const scope = { for: 'group-invite' as const, groupId }
  const submission = parseWithZod(form, { schema: GroupInviteFormSchema })
  const chosen = () =>
    peopleByIds(
      ctx,
      scope,
      form.getAll('userId').filter((v): v is string => typeof v === 'string'),
    )
  const search = pickerSearchOf(form)
  if (search) {
    const people = { chosen: await chosen(), search: { query: search.query, found: await searchPeople(ctx, scope, search.query) } }
    return reply({ intent: 'invite', result: { initialValue: submission.payload as never, error: {} }, people })
  }
  if (submission.status !== 'success')
    return reply({ intent: 'invite', result: submission.reply(), people: { chosen: await chosen() } }, 400)
  if (submission.value.type === 'person') {
    // Only someone the picker offers: of the group's organization and not in the group yet; the
    // group-invite scope gives its choosers full addresses (people-search.server.ts).
    const [person] = await chosen()
    if (!person) {
      const result = submission.reply({ fieldErrors: { userId: ['errors.MEMBER_NOT_FOUND'] } })
      return reply({ intent: 'invite', result, people: { chosen: [] } }, 400)
    }
    const { resent } = await createGroupInvitation(ctx, groupId, { type: 'email', email: person.email })
    const key = resent ? 'groupHome.toast.alreadyInvitedPerson' : 'groupHome.toast.invitedPerson'
    return redirectWithToast(here, { key, values: { name: person.name } })
  }
  const { invitation, code, resent } = await createGroupInvitation(ctx, groupId, submission.value)
  if (submission.value.type === 'email') {
    const key = resent ? 'groupHome.toast.alreadyInvitedEmail' : 'groupHome.toast.invitedEmail'
    return redirectWithToast(here, { key, values: { email: submission.value.email } })
  }
  // No toast: the code's own panel, at the top of the page, is the message (NewGroupCode).
  const cookie = await groupCodeHeader({ groupId, code, expires: invitation.expires })
  return redirect(here, { headers: { 'Set-Cookie': cookie } })
}

/** intent change-role: a member's new role (leader, member, subscriber). */
async function changeRole({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: ChangeRoleFormSchema })
  if (submission.status !== 'success') return reply({ intent: 'change-role', result: submission.reply() }, 400)
  const { name } = await changeMemberRole(ctx, groupId, submission.value)
  return redirectWithToast(here, { key: 'groupHome.toast.roleChanged', values: { name, context: submission.value.role } })
}

/** intent remove: asks to confirm first (without JavaScript), then removes the member. */
async function remove({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: RemoveMemberFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  if (!submission.value.confirmed) return reply({ intent: 'confirm-remove', userId: submission.value.userId, name: nameOf(form) })
  const { name } = await removeGroupMember(ctx, groupId, submission.value)
  return redirectWithToast(here, { key: 'groupHome.toast.removed', values: { name } })
}

/**
 * intent leave: the actor leaves the group (not its owner: GROUP_OWNER_CANNOT_LEAVE). Asks to
 * confirm first (without JavaScript), then goes to /groups with a toast naming the group.
 */
async function leave({ ctx, groupId, form }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: LeaveGroupFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  if (!submission.value.confirmed) return reply({ intent: 'confirm-leave' })
  const { groupName } = await leaveGroup(ctx, groupId)
  return redirectWithToast('/groups', { key: 'groupHome.toast.left', values: { name: groupName } })
}

/** intent rename (the owner). */
async function rename({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: RenameGroupFormSchema })
  if (submission.status !== 'success') return reply({ intent: 'rename', result: submission.reply() }, 400)
  await renameGroup(ctx, groupId, submission.value)
  return redirectWithToast(here, { key: 'groupHome.toast.renamed' })
}

/** intent set-active (the owner): active=1 or 0. */
async function setActive({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: SetGroupActiveFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  await setGroupActive(ctx, groupId, submission.value)
  return redirectWithToast(here, { key: submission.value.active ? 'groupHome.toast.activated' : 'groupHome.toast.deactivated' })
}

/** intent hand-over (the owner): asks to confirm first (without JavaScript), then hands the group over. */
async function handOver({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: HandOverFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  const { userId, oldOwnerRole, confirmed } = submission.value
  if (!confirmed) return reply({ intent: 'confirm-hand-over', userId, name: nameOf(form), oldOwnerRole })
  const { name } = await handOverGroup(ctx, groupId, { userId, oldOwnerRole })
  return redirectWithToast(here, { key: 'groupHome.toast.handedOver', values: { name } })
}

/**
 * intent follows (owners and leaders): whom a subscriber follows, the checked members. Back to the
 * members list (without the follow form) with a toast naming them; members no longer in the group
 * are named in an error toast instead.
 */
async function follows({ ctx, groupId, form, here }: HomeIntentArgs) {
  const submission = parseWithZod(form, { schema: FollowsFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  const { subscriberId, members } = submission.value
  const { subscriber, following, results } = await setFollows(ctx, groupId, subscriberId, members)
  const url = new URL(here, 'http://localhost')
  url.searchParams.delete('follows')
  const back = `${url.pathname}${url.search}#group-members-title`
  const skipped = results.filter((r) => r.result !== 'OK')
  if (skipped.length)
    return redirectWithToast(back, {
      key: 'follows.skipped',
      type: 'error',
      values: { names: skipped.map((r) => r.name ?? r._id).join(', ') },
    })
  const names = following.map((m) => m.name).join(', ')
  return redirectWithToast(
    back,
    following.length
      ? { key: 'follows.saved', values: { name: subscriber.name, names } }
      : { key: 'follows.savedNone', values: { name: subscriber.name } },
  )
}

/**
 * intent retention (the owner, an organization admin): the period and the purpose, a suggestion
 * (`suggestion`, its text in the actor's language) or their own text (`suggestion=own`, `purpose`).
 */
async function retention({ ctx, groupId, form, here }: HomeIntentArgs) {
  const suggestion = String(form.get('suggestion') ?? 'own')
  const locale = ctx.actor?.locale
  if ((RETENTION_SUGGESTIONS as readonly string[]).includes(suggestion))
    form.set('purpose', tFor(isLocale(locale) ? locale : 'sv')(`retention.suggestions.${suggestion}`))
  const submission = parseWithZod(form, { schema: RetentionSchema })
  if (submission.status !== 'success') return reply({ intent: 'retention', result: submission.reply() }, 400)
  await setRetention(ctx, groupId, submission.value)
  return redirectWithToast(`${here.split('#')[0]}#retention-title`, { key: 'retention.saved' })
}

/** The handler of each intent of the page. */
export const HOME_INTENTS = {
  invite,
  'change-role': changeRole,
  remove,
  rename,
  'set-active': setActive,
  'hand-over': handOver,
  leave,
  follows,
  retention,
}
