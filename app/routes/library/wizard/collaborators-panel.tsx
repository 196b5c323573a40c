import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { ActionForm } from '../action-form'
import { useIntentPending } from '~/ui/use-intent-pending'

interface Person {
  id: string
  name: string
  email: string
}

/** Step 4, people: invite by email with view or edit; the collaborators; the pending invitations. */
export function CollaboratorsPanel({
  collaborators,
  invitations,
  canManage,
  errors,
  typed,
}: {
  collaborators: (Person & { access: 'view' | 'edit' })[]
  invitations: { id: string; email: string; access: 'view' | 'edit'; sentAt: string }[]
  canManage: boolean
  errors: Record<string, string[]>
  typed?: { email?: string; access?: string }
}) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const inviting = useIntentPending('invite')
  const location = useLocation()
  return (
    <section aria-labelledby="sharing-people" className="flex flex-col gap-4">
      <h2 id="sharing-people" className="text-lg font-semibold">
        {t('library.wizard.sharing.collaborators')}
      </h2>
      {canManage ? (
        // Keyed by the location: a sent invitation (a redirect) leaves an empty form, so the next one does not take its address and rights.
        <Form key={location.key} method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div className="min-w-[16rem] flex-1">
            <Field
              label={t('library.wizard.sharing.email')}
              errors={errors.email}
              inputProps={{
                id: 'invite-email',
                name: 'email',
                type: 'email',
                required: true,
                autoComplete: 'off',
                defaultValue: typed?.email,
              }}
            />
          </div>
          <div>
            <SelectField
              label={t('library.wizard.sharing.access')}
              errors={errors.access}
              selectProps={{ id: 'invite-access', name: 'access', defaultValue: typed?.access ?? 'view' }}
            >
              <option value="view">{t('library.access.view')}</option>
              <option value="edit">{t('library.access.edit')}</option>
            </SelectField>
          </div>
          <Button type="submit" pending={inviting}>
            {t('library.wizard.sharing.invite')}
          </Button>
        </Form>
      ) : null}
      {collaborators.length === 0 ? (
        <p className="text-slate-700">{t('library.wizard.sharing.noCollaborators')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
          aria-label={t('library.wizard.sharing.collaborators')}
        >
          {collaborators.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium">{c.name}</p>
                <p className="text-sm text-slate-600">{c.email}</p>
              </div>
              {canManage ? (
                <div className="flex flex-wrap items-center gap-2">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="change-access" />
                    <input type="hidden" name="userId" value={c.id} />
                    <label htmlFor={`access-${c.id}`} className="sr-only">
                      {t('library.wizard.sharing.access')}: {c.name}
                    </label>
                    <select
                      id={`access-${c.id}`}
                      name="access"
                      defaultValue={c.access}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      <option value="view">{t('library.access.view')}</option>
                      <option value="edit">{t('library.access.edit')}</option>
                    </select>
                    <Button type="submit" variant="secondary" className="!px-3 !py-1 text-sm">
                      {t('library.wizard.sharing.changeAccess')}
                    </Button>
                  </Form>
                  <ActionForm
                    intent="remove-collaborator"
                    fields={{ userId: c.id }}
                    variant="danger"
                    confirm={{
                      title: t('library.wizard.sharing.removeTitle'),
                      body: t('library.wizard.sharing.removeBody', { name: c.name }),
                      action: t('library.wizard.sharing.removeCollaborator'),
                    }}
                  >
                    {t('library.wizard.sharing.removeCollaborator')}
                  </ActionForm>
                </div>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">{t(`library.access.${c.access}`)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold">{t('library.wizard.sharing.invitations')}</h3>
      {invitations.length === 0 ? (
        <p className="text-slate-700">{t('library.wizard.sharing.noInvitations')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
          aria-label={t('library.wizard.sharing.invitations')}
        >
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium">{inv.email}</p>
                <p className="text-sm text-slate-600">
                  {t(`library.access.${inv.access}`)} · {t('library.wizard.sharing.sentAt', { date: date(inv.sentAt) })}
                </p>
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <ActionForm intent="resend-invitation" fields={{ invitationId: inv.id }}>
                    {t('library.wizard.sharing.resend')}
                  </ActionForm>
                  <ActionForm
                    intent="revoke-invitation"
                    fields={{ invitationId: inv.id }}
                    variant="danger"
                    confirm={{
                      title: t('library.wizard.sharing.revokeInvitationTitle'),
                      body: t('library.wizard.sharing.revokeInvitationBody', { email: inv.email }),
                      action: t('library.wizard.sharing.revoke'),
                    }}
                  >
                    {t('library.wizard.sharing.revoke')}
                  </ActionForm>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
