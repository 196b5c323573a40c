import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { OrganizationContactSchema, RenameOrganizationSchema } from '~/services/organizations/organizations.schemas'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { ConfirmDialog } from '~/ui/confirm-modal'
import { Field } from '~/ui/field'
import { useIntentPending } from '~/ui/use-intent-pending'
import { Section, sectionClass } from '~/ui/section'

// Worked out once: the browser's checks of the forms' fields (required, lengths, ...).
const organizationContactConstraint = getZodConstraint(OrganizationContactSchema)
const renameOrganizationConstraint = getZodConstraint(RenameOrganizationSchema)

/** The organization's settings on its home: active flag, name and contact, one form each (intent). */

export function NameSection({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const pending = useIntentPending('rename')
  const [form, fields] = useForm({
    id: 'organization-name',
    lastResult,
    constraint: renameOrganizationConstraint,
    defaultValue: { name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameOrganizationSchema }),
  })
  return (
    <Section titleId="org-name-title" title={t('orgHome.name.title')} className={sectionClass}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="rename" />
        <Field
          label={t('orgHome.name.label')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }) }}
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

export function ContactSection({
  contact,
  lastResult,
}: {
  contact: { name?: string; email?: string; phone?: string }
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const pending = useIntentPending('contact')
  const [form, fields] = useForm({
    id: 'organization-contact',
    lastResult,
    constraint: organizationContactConstraint,
    defaultValue: contact,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationContactSchema }),
  })
  return (
    <Section titleId="org-contact-title" title={t('orgHome.contact.title')} className={sectionClass}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="contact" />
        <Field
          label={t('orgHome.contact.name')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
        />
        <Field
          label={t('orgHome.contact.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('orgHome.contact.phone')}
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
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
