import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ORGANIZATION_NAME_MAX } from '~/services/organizations/organizations.constants'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { ConfirmDialog } from '~/ui/confirm-modal'
import { Field } from '~/ui/field'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPending } from '~/ui/use-intent-pending'
import { Section, sectionClass } from '~/ui/section'

/**
 * The organization's settings on its home: active flag, name and contact, one form each (intent).
 * Checked by the server only (as ADR 018): each form shows the server's answer, mounted anew for
 * it, with the focus on the first field in error; no zod or conform in the browser.
 */

export function NameSection({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const pending = useIntentPending('rename')
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  return (
    <Section titleId="org-name-title" title={t('orgHome.name.title')} className={sectionClass}>
      <Form key={answerKey} id="organization-name" method="post" noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="rename" />
        <Field
          label={t('orgHome.name.label')}
          errors={form.errors('name')}
          inputProps={{
            ...form.input('organization-name', 'name', name, ['name']),
            type: 'text',
            required: true,
            maxLength: ORGANIZATION_NAME_MAX,
          }}
        />
        <div>
          <Button type="submit" pending={pending}>
            {t('orgHome.name.save')}
          </Button>
        </div>
      </Form>
    </Section>
  )
}

const CONTACT_FIELDS = ['name', 'email', 'phone'] as const

export function ContactSection({
  contact,
  lastResult,
}: {
  contact: { name?: string; email?: string; phone?: string }
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const pending = useIntentPending('contact')
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const input = (name: 'name' | 'email' | 'phone') => form.input('organization-contact', name, contact[name] ?? '', CONTACT_FIELDS)
  return (
    <Section titleId="org-contact-title" title={t('orgHome.contact.title')} className={sectionClass}>
      <Form key={answerKey} id="organization-contact" method="post" noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="contact" />
        <Field
          label={t('orgHome.contact.name')}
          errors={form.errors('name')}
          inputProps={{ ...input('name'), type: 'text', autoComplete: 'name' }}
        />
        <Field
          label={t('orgHome.contact.email')}
          errors={form.errors('email')}
          inputProps={{ ...input('email'), type: 'email', autoComplete: 'email' }}
        />
        <Field
          label={t('orgHome.contact.phone')}
          errors={form.errors('phone')}
          inputProps={{ ...input('phone'), type: 'tel', autoComplete: 'tel' }}
        />
        <div>
          <Button type="submit" pending={pending}>
            {t('orgHome.contact.save')}
          </Button>
        </div>
      </Form>
    </Section>
  )
}

/** The toggle: with JavaScript a dialog confirms; without, the server answers with a ConfirmPanel. */
export function ActiveSection({ active }: { active: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const pending = useIntentPending('active')
  const next = !active
  const label = t(next ? 'orgHome.status.activate' : 'orgHome.status.deactivate')
  return (
    <Section titleId="org-status-title" title={t('orgHome.status.title')} className={sectionClass}>
      <p className="mb-3 flex items-center gap-2">
        <span aria-hidden className={`inline-block size-3 rounded-full ${active ? 'bg-green-600' : 'bg-amber-500'}`} />
        {t(active ? 'orgHome.status.active' : 'orgHome.status.inactive')}
      </p>
      <Form method="post" ref={formRef}>
        <input type="hidden" name="intent" value="active" />
        <input type="hidden" name="active" value={String(next)} />
        {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
        <Button
          type="submit"
          variant={next ? 'primary' : 'danger'}
          pending={pending}
          onClick={(e) => {
            if (!hydrated) return
            e.preventDefault()
            dialogRef.current?.showModal()
          }}
        >
          {label}
        </Button>
      </Form>
      <ConfirmDialog
        dialogRef={dialogRef}
        id="org-status-confirm"
        title={t(next ? 'orgHome.status.confirmActivateTitle' : 'orgHome.status.confirmDeactivateTitle')}
        body={t(next ? 'orgHome.status.confirmActivateBody' : 'orgHome.status.confirmDeactivateBody')}
        action={label}
        variant={next ? 'primary' : 'danger'}
        onConfirm={() => formRef.current?.requestSubmit()}
      />
    </Section>
  )
}
