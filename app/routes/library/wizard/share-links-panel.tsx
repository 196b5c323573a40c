import { Form } from '@remix-run/react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { useHydrated } from '~/ui/use-hydrated'
import { ActionForm } from '../action-form'
import { useIntentPending } from '~/ui/use-intent-pending'

interface Link {
  id: string
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  active: boolean
}

/** Step 4, share links: several at once, each with an optional expiry and its last use; revocable. */
export function ShareLinksPanel({
  links,
  canManage,
  newLink,
  errors,
}: {
  links: Link[]
  canManage: boolean
  newLink: string | null
  errors: Record<string, string[]>
}) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const creating = useIntentPending('create-link')
  const shown = links.filter((l) => !l.revokedAt)
  return (
    <section aria-labelledby="sharing-links" className="flex flex-col gap-4">
      <h2 id="sharing-links" className="text-lg font-semibold">
        {t('library.wizard.sharing.links')}
      </h2>
      <p className="text-slate-700">{t('library.wizard.sharing.linksIntro')}</p>
      {newLink ? <NewLinkPanel url={newLink} /> : null}
      {canManage ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create-link" />
          <div className="w-56">
            <Field
              label={t('library.wizard.sharing.expiresAt')}
              errors={errors.expiresAt}
              inputProps={{ id: 'link-expires', name: 'expiresAt', type: 'date' }}
            />
          </div>
          <Button type="submit" variant="secondary" pending={creating}>
            {t('library.wizard.sharing.createLink')}
          </Button>
        </Form>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-slate-700">{t('library.wizard.sharing.noLinks')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200" aria-label={t('library.wizard.sharing.links')}>
          {shown.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium">{t('library.wizard.sharing.linkLabel', { date: dateTime(link.createdAt) })}</p>
                <p className="text-sm text-slate-600">
                  {link.active
                    ? link.expiresAt
                      ? t('library.wizard.sharing.expires', { date: date(link.expiresAt) })
                      : t('library.wizard.sharing.noExpiry')
                    : t('library.wizard.sharing.expired')}
                  {' · '}
                  {link.lastUsedAt
                    ? t('library.wizard.sharing.lastUsed', { date: dateTime(link.lastUsedAt) })
                    : t('library.wizard.sharing.neverUsed')}
                </p>
              </div>
              {canManage ? (
                <ActionForm
                  intent="revoke-link"
                  fields={{ linkId: link.id }}
                  variant="danger"
                  confirm={{
                    title: t('library.wizard.sharing.revokeLinkTitle'),
                    body: t('library.wizard.sharing.revokeLinkBody'),
                    action: t('library.wizard.sharing.revoke'),
                  }}
                >
                  {t('library.wizard.sharing.revoke')}
                </ActionForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The new link, shown this once (it is stored hashed): a read-only field, and a copy button with JavaScript. */
function NewLinkPanel({ url }: { url: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const inputId = useId()
  const [copied, setCopied] = useState(false)
  return (
    <div className="rounded-md border-l-4 border-green-600 bg-green-50 p-4" role="status">
      <p className="mb-2 text-slate-800">{t('library.wizard.sharing.linkCreated')}</p>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {t('library.wizard.sharing.newLink')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }}
          >
            {copied ? t('library.wizard.sharing.copied') : t('library.wizard.sharing.copy')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
