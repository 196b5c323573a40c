import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { GroupHome, GroupMemberItem } from '~/services/group-home.server'
import { MEMBER_ROLES } from '~/services/groups.schemas'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { inputClass } from '~/ui/field'

/**
 * A member's row actions, as the role table allows: change the role and remove (owners and
 * leaders), hand the group over (the owner). Removing and handing over ask first: a dialog with
 * JavaScript (then posting confirmed=1), the server's ConfirmPanel without.
 */
export function MemberActions({ member, rights, groupName }: { member: GroupMemberItem; rights: GroupHome['rights']; groupName: string }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const submit = useSubmit()
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData?.get('userId') === member._id
  const selectId = `role-${member._id}`
  return (
    <div className="flex flex-wrap items-end gap-2">
      {rights.manageMembers ? (
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="userId" value={member._id} />
          <div>
            <label htmlFor={selectId} className="sr-only">
              {t('groupHome.members.changeRole', { name: member.name })}
            </label>
            <select id={selectId} name="role" defaultValue={member.role} className={`${inputClass} !py-1 text-sm`}>
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roleFlags.role.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            name="intent"
            value="change-role"
            variant="secondary"
            className="!px-3 !py-1 text-sm"
            pending={busy('change-role')}
          >
            {t('groupHome.members.saveRole')}
          </Button>
        </Form>
      ) : null}
      {rights.manageMembers ? (
        <Form method="post">
          <input type="hidden" name="userId" value={member._id} />
          <input type="hidden" name="name" value={member.name} />
          <ConfirmButton
            name="intent"
            value="remove"
            variant="danger"
            className="!px-3 !py-1 text-sm"
            aria-label={t('groupHome.members.removeLabel', { name: member.name })}
            pending={busy('remove')}
            confirm={{
              title: t('groupHome.confirm.removeTitle'),
              body: t('groupHome.confirm.removeBody', { name: member.name, group: groupName }),
              action: t('groupHome.confirm.removeAction'),
            }}
            dialogId={`remove-${member._id}`}
            onConfirm={() => submit({ intent: 'remove', userId: member._id, name: member.name, confirmed: '1' }, { method: 'post' })}
          >
            {t('groupHome.members.remove')}
          </ConfirmButton>
        </Form>
      ) : null}
      {rights.manageGroup ? (
        <Form method="post">
          <input type="hidden" name="userId" value={member._id} />
          <input type="hidden" name="name" value={member.name} />
          <ConfirmButton
            name="intent"
            value="hand-over"
            variant="secondary"
            className="!px-3 !py-1 text-sm"
            aria-label={t('groupHome.members.handOverLabel', { name: member.name })}
            pending={busy('hand-over')}
            dialogVariant="primary"
            confirm={{
              title: t('groupHome.confirm.handOverTitle'),
              body: t('groupHome.confirm.handOverBody', { name: member.name, group: groupName }),
              action: t('groupHome.confirm.handOverAction'),
            }}
            dialogId={`hand-over-${member._id}`}
            onConfirm={() => submit({ intent: 'hand-over', userId: member._id, name: member.name, confirmed: '1' }, { method: 'post' })}
          >
            {t('groupHome.members.handOver')}
          </ConfirmButton>
        </Form>
      ) : null}
    </div>
  )
}
