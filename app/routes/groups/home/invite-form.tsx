import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GroupInviteFormSchema } from '~/services/my-groups.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const groupInviteFormConstraint = getZodConstraint(GroupInviteFormSchema)

/**
 * Invite people (owners and leaders): an email address gets the code by email; "open code" makes a
 * code to hand out, shown once after the redirect (NewGroupCode). One inline form, the same with
 * and without JavaScript; the same schema checks it in the browser once JavaScript runs.
 */
export function InviteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'group-invite',
    lastResult,
    constraint: groupInviteFormConstraint,
    defaultValue: { type: 'email' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupInviteFormSchema }),
  })
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? 'email'))
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite'
  const { key: _emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  return (
    <section aria-labelledby="group-invite-title" className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="group-invite-title" className="mb-1 text-lg font-semibold">
        {t('groupHome.invite.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('groupHome.invite.body')}</p>
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
            {(['email', 'open'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name={fields.type.name} value={value} checked={type === value} onChange={() => setType(value)} />
                {t(value === 'email' ? 'groupHome.invite.typeEmail' : 'groupHome.invite.typeOpen')}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'email' ? (
          <Field label={t('groupHome.invite.email')} errors={fields.email.errors} inputProps={{ ...emailProps, autoComplete: 'off' }} />
        ) : null}
        <div>
          <Button type="submit" pending={pending}>
            {t('groupHome.invite.submit')}
          </Button>
        </div>
      </Form>
    </section>
  )
}
