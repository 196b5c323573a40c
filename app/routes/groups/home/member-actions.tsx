import { useFormAction, useNavigation, useSubmit } from '@remix-run/react'
import type { TFunction } from 'i18next'
import { useMemo, useRef, useState, type FormEvent } from 'react'
import type { GroupHome, GroupMemberItem } from '~/services/groups/group-home.server'
import { translatedTemplate } from '~/i18n/template'
import { MEMBER_ROLES } from '~/services/groups/groups.constants'
import { Button } from '~/ui/button'
import { ConfirmDialog } from '~/ui/confirm-modal'
import { inputClass } from '~/ui/field'
import type { RoleLabels } from '~/ui/group-role'

/**
 * A member's row actions, as the role table allows: change the role and remove (owners and
 * leaders), hand the group over (the owner), in one form per row. Removing and handing over ask
 * first: the table's one dialog with JavaScript (then posting confirmed=1), the server's
 * ConfirmPanel without. A page lists 25 members, so what is the same for every row (texts,
 * navigation state, the dialog, the submit handler) is made once by the table (useMemberActions)
 * and passed down. Each row's form is a plain <form method="post"> (it posts to the page's own URL,
 * so it lands back on the same page and search); once JavaScript runs, the table's one onSubmit
 * sends it with Remix's submit, as a Remix <Form> would, without a router hook per row.
 */

type Confirmable = 'remove' | 'hand-over'

/** A message with the member's name, translated once and filled per row. */
function withName(t: TFunction, key: string): (name: string) => string {
  const fill = translatedTemplate(t, key, ['name'])
  return (name) => fill({ name })
}

/** What the rows share: texts, the submission in progress, and the confirmation dialog. */
export function useMemberActions(t: TFunction, roleLabels: RoleLabels, groupName: string) {
  const navigation = useNavigation()
  const submit = useSubmit()
  // The page's own URL with its search, sort and page: where every row's form posts.
  const action = useFormAction()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [asked, setAsked] = useState<{ intent: Confirmable; member: GroupMemberItem } | null>(null)
  const texts = useMemo(
    () => ({
      roles: MEMBER_ROLES.map((role) => ({ role, label: roleLabels.role[role] })),
      changeRole: withName(t, 'groupHome.members.changeRole'),
      saveRole: t('groupHome.members.saveRole'),
      remove: t('groupHome.members.remove'),
      removeLabel: withName(t, 'groupHome.members.removeLabel'),
      handOver: t('groupHome.members.handOver'),
      handOverLabel: withName(t, 'groupHome.members.handOverLabel'),
    }),
    [t, roleLabels],
  )
  const submitting = navigation.state === 'submitting' ? navigation.formData : undefined
  const confirm =
    asked?.intent === 'hand-over'
      ? {
          title: t('groupHome.confirm.handOverTitle'),
          body: t('groupHome.confirm.handOverBody', { name: asked.member.name, group: groupName }),
          action: t('groupHome.confirm.handOverAction'),
        }
      : {
          title: t('groupHome.confirm.removeTitle'),
          body: asked ? t('groupHome.confirm.removeBody', { name: asked.member.name, group: groupName }) : '',
          action: t('groupHome.confirm.removeAction'),
        }
  return {
    texts,
    /** The table's submit handler for every row's form: the pressed button's intent goes with it. */
    onSubmit: (event: FormEvent<HTMLElement>) => {
      if (!(event.target instanceof HTMLFormElement)) return
      event.preventDefault()
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      submit(submitter instanceof HTMLButtonElement ? submitter : event.target, { method: 'post', action })
    },
    /** The intent being submitted for this member, if any. */
    pendingFor: (memberId: string) => (submitting?.get('userId') === memberId ? String(submitting.get('intent')) : null),
    ask: (intent: Confirmable, member: GroupMemberItem) => {
      setAsked({ intent, member })
      dialogRef.current?.showModal()
    },
    dialog: (
      <ConfirmDialog
        dialogRef={dialogRef}
        id="member-confirm"
        variant={asked?.intent === 'hand-over' ? 'primary' : 'danger'}
        {...confirm}
        onConfirm={() => {
          if (asked)
            submit({ intent: asked.intent, userId: asked.member._id, name: asked.member.name, confirmed: '1' }, { method: 'post', action })
        }}
      />
    ),
  }
}
export type MemberActionsShared = ReturnType<typeof useMemberActions>

export function MemberActions({
  member,
  rights,
  shared,
}: {
  member: GroupMemberItem
  rights: GroupHome['rights']
  shared: Pick<MemberActionsShared, 'texts' | 'pendingFor' | 'ask'>
}) {
  const { texts, ask } = shared
  const pending = shared.pendingFor(member._id)
  const selectId = `role-${member._id}`
  const small = '!px-3 !py-1 text-sm'
  return (
    <form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="userId" value={member._id} />
      <input type="hidden" name="name" value={member.name} />
      {rights.manageMembers ? (
        <>
          <select
            id={selectId}
            name="role"
            aria-label={texts.changeRole(member.name)}
            defaultValue={member.role}
            className={`${inputClass} !w-auto !py-1 text-sm`}
          >
            {texts.roles.map((r) => (
              <option key={r.role} value={r.role}>
                {r.label}
              </option>
            ))}
          </select>
          <Button type="submit" name="intent" value="change-role" variant="secondary" className={small} pending={pending === 'change-role'}>
            {texts.saveRole}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="remove"
            variant="danger"
            className={small}
            aria-label={texts.removeLabel(member.name)}
            pending={pending === 'remove'}
            onClick={(e) => {
              e.preventDefault()
              ask('remove', member)
            }}
          >
            {texts.remove}
          </Button>
        </>
      ) : null}
      {rights.manageGroup ? (
        <Button
          type="submit"
          name="intent"
          value="hand-over"
          variant="secondary"
          className={small}
          aria-label={texts.handOverLabel(member.name)}
          pending={pending === 'hand-over'}
          onClick={(e) => {
            e.preventDefault()
            ask('hand-over', member)
          }}
        >
          {texts.handOver}
        </Button>
      ) : null}
    </form>
  )
}
