import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { InboxInvitation, InboxKind, InboxPackageInvitation } from '~/services/invitations/invitation-inbox.server'
import { Button } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { useIntentPendingFor } from '~/ui/use-intent-pending'

type Item = InboxInvitation | InboxPackageInvitation

/**
 * One section of the inbox (its id is the URL's hash: #groups, #packages, #organizations): each
 * invitation names what it is, who invited and when, with Accept and Decline (one form each).
 */
export function InboxSection({ kind, items }: { kind: InboxKind; items: Item[] }) {
  const { t } = useTranslation()
  const titleId = `${kind}-title`
  return (
    <section id={kind} aria-labelledby={titleId} className="scroll-mt-4">
      <h2 id={titleId} className="mb-2 text-lg font-semibold">
        {t(`inbox.${kind}.title`)} <span className="font-normal text-slate-600">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">{t(`inbox.${kind}.empty`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200" aria-labelledby={titleId}>
          {items.map((item) => (
            <InboxItem key={item.id} kind={kind} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function InboxItem({ kind, item }: { kind: InboxKind; item: Item }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const pending = useIntentPendingFor()
  const busy = (intent: string) => pending(intent, { id: item.id })
  const what =
    'access' in item
      ? t(`inbox.packages.access.${item.access}`)
      : kind === 'groups'
        ? t('inbox.groups.in', { organization: item.organization })
        : t('inbox.organizations.role')
  const who = item.invitedBy ? t('inbox.invitedBy', { name: item.invitedBy.name }) : t('inbox.invitedByUnknown')
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="break-words font-semibold">{item.name}</h3>
        <p className="text-sm text-slate-700">{what}</p>
        <p className="text-sm text-slate-600">
          {who} · <time dateTime={item.createdAt}>{dateTime(item.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {(['accept', 'decline'] as const).map((intent) => (
          <Form key={intent} method="post" action="/invitations">
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="id" value={item.id} />
            <Button
              type="submit"
              name="intent"
              value={intent}
              variant={intent === 'accept' ? 'primary' : 'secondary'}
              pending={busy(intent)}
              className="!px-3 !py-1 text-sm"
              aria-label={t(`inbox.${intent}Label`, { name: item.name })}
            >
              {intent === 'accept' ? t('inbox.accept') : t('inbox.decline')}
            </Button>
          </Form>
        ))}
      </div>
    </li>
  )
}
