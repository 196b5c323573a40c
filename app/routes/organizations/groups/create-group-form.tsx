import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupKind } from '~/db/schema'
import { CreateGroupFormSchema, parseMemberLines } from '~/services/groups.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass } from '~/ui/field'
import { BUILT_SCREENS } from '~/ui/layout/screens'

/**
 * Where the page's "Create group" / "Create attendance group" buttons lead: the create screens
 * (/create/group and /create/attendance-group with ?organizationId=…, spec section 2) once the
 * groups issue has built them (BUILT_SCREENS.groups); until then this page's form, since a link to
 * an element inside a closed <details> opens it, with or without JavaScript. With the screens
 * built, remove CreateGroupForm and the create-group intent.
 */
export const createGroupHref = (organizationId: string, kind: GroupKind) =>
  BUILT_SCREENS.groups
    ? `/create/${kind === 'attendance' ? 'attendance-group' : 'group'}?organizationId=${encodeURIComponent(organizationId)}`
    : `#${formIdOf(kind)}`

const formIdOf = (kind: GroupKind) => `create-${kind}`

/**
 * "Create group with members" / "Create attendance group with members": a disclosure with the
 * form (open again with the errors after a failed submission). Works without JavaScript.
 */
export function CreateGroupForm({ kind, lastResult }: { kind: GroupKind; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: formIdOf(kind),
    lastResult,
    constraint: getZodConstraint(CreateGroupFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateGroupFormSchema }),
  })
  const sending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-group' && navigation.formData?.get('kind') === kind
  const busy = sending && navigation.state === 'submitting'
  // After a successful creation (a redirect: no result comes back) the form starts empty and
  // closes, so the same group is not created twice by mistake.
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const wasSending = useRef(false)
  useEffect(() => {
    if (sending) {
      wasSending.current = true
      return
    }
    if (!wasSending.current || navigation.state !== 'idle') return
    wasSending.current = false
    if (!lastResult) {
      form.reset()
      detailsRef.current?.removeAttribute('open')
    }
  }, [sending, navigation.state, lastResult, form])
  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _ownerKey, ...ownerProps } = getInputProps(fields.ownerEmail, { type: 'email' })
  const { key: _membersKey, ...membersProps } = getTextareaProps(fields.members)
  const hintId = `${fields.members.id}-hint`
  const errorId = `${fields.members.id}-error`
  const badLines = fields.members.errors?.includes('groups.validation.memberLines')
    ? parseMemberLines(String(fields.members.value ?? fields.members.initialValue ?? '')).badLines
    : []
  return (
    <details ref={detailsRef} open={Boolean(lastResult) || undefined} className="rounded-md bg-slate-50 ring-1 ring-slate-200">
      <summary className="cursor-pointer rounded-md px-4 py-3 font-semibold hover:bg-slate-100">{t(`groups.create.${kind}`)}</summary>
      <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4 px-4 pt-1 pb-4">
        <input type="hidden" name="intent" value="create-group" />
        <input type="hidden" name="kind" value={kind} />
        {form.errors?.length ? (
          <Alert tone="error" id={form.errorId}>
            {form.errors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        ) : null}
        <Field label={t('groups.create.name')} errors={fields.name.errors} inputProps={{ ...nameProps, autoComplete: 'off' }} />
        <Field
          label={t('groups.create.ownerEmail')}
          errors={fields.ownerEmail.errors}
          hint={t('groups.create.ownerHint')}
          inputProps={{ ...ownerProps, autoComplete: 'off' }}
        />
        <div>
          <label htmlFor={fields.members.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t('groups.create.members')}
          </label>
          <textarea
            {...membersProps}
            rows={6}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fields.members.errors?.length ? true : undefined}
            aria-describedby={[hintId, fields.members.errors?.length ? errorId : null].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {t('groups.create.membersHint')}
          </p>
          <div id={errorId}>
            <FieldErrors id={`${errorId}-list`} errors={fields.members.errors} />
            {badLines.length ? (
              <p className="text-sm text-red-700">{t('groups.create.badLines', { lines: badLines.slice(0, 10).join(', ') })}</p>
            ) : null}
          </div>
        </div>
        <div>
          <Button type="submit" pending={busy}>
            {t(kind === 'attendance' ? 'groups.create.submitAttendance' : 'groups.create.submit')}
          </Button>
        </div>
      </Form>
    </details>
  )
}
