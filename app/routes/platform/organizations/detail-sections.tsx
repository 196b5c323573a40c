import type { SubmissionResult } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { ConfirmDialog } from '~/ui/confirm-modal'
import { Field } from '~/ui/field'
import { useHydrated } from '~/ui/use-hydrated'
import { useIntentPending, usePendingValue } from '~/ui/use-intent-pending'
import { Section } from '~/ui/section'
import { serverForm, useAnswerKey } from '~/ui/server-form'

const sectionClass = 'max-w-2xl rounded-md p-4 ring-1 ring-slate-200'

/** The organization's name. */
export function NameSection({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const location = useLocation()
  // Checked by the server only (as ADR 018); a new page (location) or answer mounts the form anew.
  const form = serverForm(lastResult)
  const formKey = `${location.key}-${useAnswerKey(lastResult)}`
  const pending = useIntentPending('rename')
  return (
    <Section titleId="platform-name-title" title={t('platformOrgs.name.title')} className={sectionClass}>
      <Form key={formKey} id="platform-rename" method="post" noValidate className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="rename" />
        <div className="min-w-0 flex-1">
          <Field
            label={t('platformOrgs.name.label')}
            errors={form.errors('name')}
            inputProps={{ ...form.input('platform-rename', 'name', name, ['name']), type: 'text', required: true, autoComplete: 'off' }}
          />
        </div>
        <Button type="submit" pending={pending}>
          {t('platformOrgs.name.save')}
        </Button>
      </Form>
    </Section>
  )
}

/** A form whose submit asks in a dialog first with JavaScript; without it the server asks (a confirmation step). */
function ConfirmedForm({
  id,
  fields,
  label,
  confirm,
  variant,
  pending,
}: {
  id: string
  fields: Record<string, string>
  label: string
  confirm?: { title: string; body: string }
  variant: 'primary' | 'danger' | 'secondary'
  pending: boolean
}) {
  const hydrated = useHydrated()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  return (
    <Form method="post" ref={formRef}>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {hydrated && confirm ? <input type="hidden" name="confirmed" value="1" /> : null}
      <Button
        type="submit"
        variant={variant}
        pending={pending}
        onClick={(e) => {
          if (!hydrated || !confirm) return
          e.preventDefault()
          dialogRef.current?.showModal()
        }}
      >
        {label}
      </Button>
      {confirm ? (
        <ConfirmDialog
          dialogRef={dialogRef}
          id={id}
          title={confirm.title}
          body={confirm.body}
          action={label}
          variant={variant === 'danger' ? 'danger' : 'primary'}
          onConfirm={() => formRef.current?.requestSubmit()}
        />
      ) : null}
    </Form>
  )
}

/** Active or not, and the switch (deactivating asks first). */
export function StatusSection({ name, active }: { name: string; active: boolean }) {
  const { t } = useTranslation()
  const pending = useIntentPending('active')
  return (
    <Section titleId="platform-status-title" title={t('platformOrgs.status.title')} className={sectionClass}>
      <p className="mb-3 flex items-center gap-2">
        <span aria-hidden className={`inline-block size-3 rounded-full ${active ? 'bg-green-600' : 'bg-amber-500'}`} />
        {t(active ? 'platformOrgs.active' : 'platformOrgs.inactive')}
      </p>
      <ConfirmedForm
        id="platform-status-confirm"
        fields={{ intent: 'active', active: String(!active) }}
        label={t(active ? 'platformOrgs.status.deactivate' : 'platformOrgs.status.activate')}
        confirm={
          active ? { title: t('platformOrgs.status.confirmTitle'), body: t('platformOrgs.status.confirmBody', { name }) } : undefined
        }
        variant={active ? 'danger' : 'primary'}
        pending={pending}
      />
    </Section>
  )
}

/** The admins, each with "Remove admin" (never the last), and "Make admin" by email. */
export function AdminsSection({
  organizationName,
  admins,
  lastResult,
}: {
  organizationName: string
  admins: { _id: string; name: string; email: string }[]
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const form = serverForm(lastResult)
  const formKey = `${location.key}-${useAnswerKey(lastResult)}`
  const removing = usePendingValue('removeAdmin', 'email')
  const adding = useIntentPending('addAdmin')
  return (
    <Section
      titleId="platform-admins-title"
      title={t('platformOrgs.admins.title')}
      intro={t('platformOrgs.admins.intro')}
      className={sectionClass}
    >
      <ul className="mb-4 divide-y divide-slate-200">
        {admins.map((a, i) => (
          <li key={a._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span>
              <span className="font-medium">{a.name}</span> <span className="break-all text-slate-600">{a.email}</span>
            </span>
            {admins.length > 1 ? (
              <ConfirmedForm
                id={`platform-remove-admin-${i}`}
                fields={{ intent: 'removeAdmin', email: a.email }}
                label={t('platformOrgs.admins.removeNamed', { name: a.name })}
                confirm={{
                  title: t('platformOrgs.admins.confirmTitle'),
                  body: t('platformOrgs.admins.confirmBody', { email: a.email, name: organizationName }),
                }}
                variant="secondary"
                pending={removing === a.email}
              />
            ) : (
              <span className="text-sm text-slate-600">{t('platformOrgs.admins.lastAdmin')}</span>
            )}
          </li>
        ))}
      </ul>
      <Form key={formKey} id="platform-add-admin" method="post" noValidate className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="addAdmin" />
        <div className="min-w-0 flex-1">
          <Field
            label={t('platformOrgs.admins.email')}
            hint={t('platformOrgs.admins.emailHint')}
            errors={form.errors('email')}
            inputProps={{ ...form.input('platform-add-admin', 'email', '', ['email']), type: 'email', required: true, autoComplete: 'off' }}
          />
        </div>
        <Button type="submit" pending={adding}>
          {t('platformOrgs.admins.add')}
        </Button>
      </Form>
    </Section>
  )
}
