import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupKind } from '~/db/schema'
import { CreateGroupScreenSchema } from '~/services/group-creation.schemas'
import { parseMemberLines } from '~/services/groups.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass, SelectField } from '~/ui/field'
import { useHydrated } from '~/ui/use-hydrated'
import { MemberPicker } from './member-picker'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const createGroupScreenConstraint = getZodConstraint(CreateGroupScreenSchema)

/**
 * The create form: organization (a picker when there are several), name (optional), owner (the
 * user by default) and the members as lines of "email, role". With JavaScript, MemberPicker adds
 * lines by searching the organization's members.
 */
export function CreateGroupScreenForm({
  kind,
  organizations,
  selected,
  ownerEmail,
  lastResult,
}: {
  kind: GroupKind
  organizations: { _id: string; name: string }[]
  selected: string
  ownerEmail: string
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: `create-${kind}`,
    lastResult,
    defaultValue: { organizationId: selected, ownerEmail },
    constraint: createGroupScreenConstraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateGroupScreenSchema }),
  })
  const [organizationId, setOrganizationId] = useState(String(fields.organizationId.initialValue ?? selected))
  const membersRef = useRef<HTMLTextAreaElement>(null)
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'

  // The picker adds a line; an address already listed gets the new role instead of a second line.
  const addLine = (email: string, role: string) => {
    const area = membersRef.current
    if (!area) return
    const lines = area.value.split(/\r?\n/).filter((l) => l.trim() && l.split(',')[0].trim().toLowerCase() !== email.toLowerCase())
    area.value = [...lines, `${email}, ${role}`].join('\n')
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }

  const { key: _orgKey, ...orgProps } = getSelectProps(fields.organizationId)
  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _ownerKey, ...ownerProps } = getInputProps(fields.ownerEmail, { type: 'email' })
  const { key: _membersKey, ...membersProps } = getTextareaProps(fields.members)
  const hintId = `${fields.members.id}-hint`
  const errorId = `${fields.members.id}-error`
  const badLines = fields.members.errors?.includes('groups.validation.memberLines')
    ? parseMemberLines(String(fields.members.value ?? fields.members.initialValue ?? '')).badLines
    : []
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="create" />
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          {form.errors.map((e) => (
            <p key={e}>{t(e)}</p>
          ))}
        </Alert>
      ) : null}
      {organizations.length > 1 ? (
        <SelectField
          label={t('createGroup.organization')}
          errors={fields.organizationId.errors}
          selectProps={{ ...orgProps, onChange: (e) => setOrganizationId(e.target.value) }}
        >
          <option value="">{t('createGroup.chooseOrganization')}</option>
          {organizations.map((o) => (
            <option key={o._id} value={o._id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <div>
          <p className="text-sm font-medium text-slate-800">{t('createGroup.organization')}</p>
          <p className="text-slate-900">{organizations[0]?.name}</p>
          <input type="hidden" name="organizationId" value={organizations[0]?._id ?? ''} />
        </div>
      )}
      <Field
        label={t('createGroup.name')}
        hint={t('createGroup.nameHint')}
        errors={fields.name.errors}
        inputProps={{ ...nameProps, autoComplete: 'off' }}
      />
      <Field
        label={t('createGroup.ownerEmail')}
        hint={t('createGroup.ownerHint')}
        errors={fields.ownerEmail.errors}
        inputProps={{ ...ownerProps, autoComplete: 'off' }}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('createGroup.members')}</legend>
        {hydrated ? <MemberPicker organizationId={organizationId} onPick={addLine} /> : null}
        <div>
          <label htmlFor={fields.members.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t('createGroup.members')}
          </label>
          <textarea
            {...membersProps}
            ref={membersRef}
            rows={6}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fields.members.errors?.length ? true : undefined}
            aria-describedby={[hintId, fields.members.errors?.length ? errorId : null].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {t('createGroup.membersHint')}
          </p>
          <div id={errorId}>
            <FieldErrors id={`${errorId}-list`} errors={fields.members.errors} />
            {badLines.length ? (
              <p className="text-sm text-red-700">{t('createGroup.badLines', { lines: badLines.slice(0, 10).join(', ') })}</p>
            ) : null}
          </div>
        </div>
      </fieldset>
      <div>
        <Button type="submit" pending={busy}>
          {t(`createGroup.submit.${kind}`)}
        </Button>
      </div>
    </Form>
  )
}
