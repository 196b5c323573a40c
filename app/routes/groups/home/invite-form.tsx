import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GroupInviteFormSchema } from '~/services/my-groups.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { PeoplePicker } from '~/ui/people-picker'
import { useHydrated } from '~/ui/use-hydrated'
import type { InvitePeople } from './intents.server'
import { useIntentPending } from '~/ui/use-intent-pending'
import { Section } from '~/ui/section'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const groupInviteFormConstraint = getZodConstraint(GroupInviteFormSchema)

const TYPES = ['person', 'email', 'open'] as const

/**
 * Invite people (owners and leaders): someone already in the organization, chosen with the people
 * picker; anyone else by email (both get the code by email); "open code" makes a code to hand
 * out, shown once after the redirect (NewGroupCode). One inline form; without JavaScript every
 * way's fields are shown and the chosen "How" decides, with it only the chosen way's. The same
 * schema checks it in the browser once JavaScript runs.
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
  const [form, fields] = useForm({
    id: 'group-invite',
    lastResult,
    constraint: groupInviteFormConstraint,
    defaultValue: { type: way ?? 'person' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupInviteFormSchema }),
  })
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? 'person'))
  const hydrated = useHydrated()
  const shown = (value: string) => !hydrated || type === value
  const pending = useIntentPending('invite')
  const { key: _emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  return (
    <Section
      titleId="group-invite-title"
      title={t('groupHome.invite.title')}
      intro={t('groupHome.invite.body')}
      className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="invite" />
        {form.errors?.length ? (
          <Alert tone="error" id={form.errorId}>
            {form.errors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        ) : null}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('groupHome.invite.type')}</legend>
          <div className="flex flex-col gap-2">
            {TYPES.map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.type.name}
                  value={value}
                  checked={type === value}
                  onChange={() => {
                    setType(value)
                    onWayChange?.(value)
                  }}
                />
                {t(`groupHome.invite.types.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {shown('person') ? (
          <PeoplePicker
            name="userId"
            label={t('groupHome.invite.person')}
            scope={{ for: 'group-invite', groupId }}
            chosen={people?.chosen ?? []}
            found={people?.search?.found}
            query={people?.search?.query}
            errors={fields.userId.errors}
          />
        ) : null}
        {shown('email') ? (
          <Field label={t('groupHome.invite.email')} errors={fields.email.errors} inputProps={{ ...emailProps, autoComplete: 'off' }} />
        ) : null}
        <div>
          <Button type="submit" pending={pending}>
            {t('groupHome.invite.submit')}
          </Button>
        </div>
      </Form>
    </Section>
  )
}
