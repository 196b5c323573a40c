import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { InvitationForm } from '~/ui/invitation-form'
import { PeoplePicker } from '~/ui/people-picker'
import { Section } from '~/ui/section'
import type { InvitePeople } from './intents.server'

const WAYS = ['person', 'email', 'open'] as const
type Way = (typeof WAYS)[number]

/**
 * Invite people (owners and leaders): someone already in the organization, chosen with the people
 * picker; anyone else by email (both get the code by email); "open code" makes a code to hand
 * out, shown once after the redirect (NewGroupCode). The shared InvitationForm, inline.
 */
export function InviteForm({
  groupId,
  lastResult,
  people,
  way,
  onWayChange,
}: {
  groupId: string
  lastResult?: SubmissionResult<string[]>
  people?: InvitePeople
  /** The way last chosen (kept by the page across the reset after each invitation), and its setter. */
  way?: string
  onWayChange?: (way: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Section
      titleId="group-invite-title"
      title={t('groupHome.invite.title')}
      intro={t('groupHome.invite.body')}
      className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <InvitationForm<Way>
        id="group-invite"
        ways={WAYS}
        way={WAYS.find((w) => w === way) ?? 'person'}
        onWayChange={onWayChange}
        lastResult={lastResult}
        labels={{
          legend: t('groupHome.invite.type'),
          way: (w) => t(`groupHome.invite.types.${w}`),
          email: t('groupHome.invite.email'),
          submit: t('groupHome.invite.submit'),
        }}
        wayFields={(w, errors) =>
          w === 'person' ? (
            <PeoplePicker
              key={w}
              name="userId"
              label={t('groupHome.invite.person')}
              scope={{ for: 'group-invite', groupId }}
              chosen={people?.chosen ?? []}
              found={people?.search?.found}
              query={people?.search?.query}
              errors={errors('userId')}
            />
          ) : null
        }
      />
    </Section>
  )
}
