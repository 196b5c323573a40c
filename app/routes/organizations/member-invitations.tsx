import { useTranslation } from 'react-i18next'
import type { Invitation } from '~/services/invitations/invitations.server'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { useFormatters } from '~/ui/format'
import { Section } from '~/ui/section'
import type { RevokeConfirmation } from './invitation-intents.server'
import { InvitationsTable, revokeBody } from './invitations-table'

/**
 * The members page's pending invitations to become a member (from "add by email" or a member
 * file), with resend and revoke; the no-JavaScript confirmation of a revoke above the table.
 */
export function MemberInvitations({
  invitations,
  confirm,
  canResend,
}: {
  invitations: Invitation[]
  confirm: RevokeConfirmation['confirm'] | null
  canResend: boolean
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  return (
    <Section titleId="member-invitations-title" title={t('invitations.memberTitle')} intro={t('invitations.memberIntro')} className="mt-10">
      {confirm ? (
        <ConfirmPanel
          intent="revoke"
          selection={confirm}
          title={t('invitations.revokeConfirm.title')}
          body={revokeBody(
            t,
            invitations.find((i) => i._id === confirm.ids[0]),
            dateTime,
          )}
          action={t('invitations.revokeConfirm.action')}
        />
      ) : null}
      <InvitationsTable
        invitations={invitations}
        canResend={canResend}
        empty="invitations.emptyMembers"
        caption="invitations.memberTitle"
      />
    </Section>
  )
}
