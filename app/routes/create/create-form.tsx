import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupKind } from '~/db/schema'
import { GROUP_NAME_MAX, MEMBER_ROLES, memberRoleField } from '~/services/groups/groups.constants'
import type { PersonChoice } from '~/services/members/people-search.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, inputClass, SelectField } from '~/ui/field'
import { PeoplePicker } from '~/ui/people-picker'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import type { CreatePeople } from './intents.server'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * The create form: organization (a picker when there are several), name (optional), the owner
 * (the user by default) and the members, both chosen with the people picker; each member has a
 * role select of their own beside their name (`role-<id>`), so the role shown is the role given.
 * Checked by the server only (as ADR 018): the answer is shown in a form mounted anew for it.
 */
export function CreateGroupScreenForm({
  kind,
  organizations,
  selected,
  me,
  lastResult,
  people,
}: {
  kind: GroupKind
  organizations: { _id: string; name: string; isAdmin: boolean }[]
  selected: string
  me: { _id: string; name: string; email: string }
  lastResult?: SubmissionResult<string[]>
  people?: CreatePeople
}) {
  const { t } = useTranslation()
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const formId = `create-${kind}`
  const [organizationId, setOrganizationId] = useState(form.value('organizationId', selected))
  const formErrors = form.errors('')
  const busy = useIntentPending('create')
  const organization = organizations.find((o) => o._id === organizationId)
  const scope = organizationId ? { for: 'new-group', organizationId } : null
  // Before any answer the owner is the user; afterwards whoever the form held.
  const owner: PersonChoice[] = people
    ? people.owner
    : [{ ...me, emailMasked: false, orgRole: organization?.isAdmin ? 'admin' : 'groupCreator' }]
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>
  const search = (name: string) => (people?.search?.name === name ? people.search : undefined)

  const order = ['organizationId', 'name', 'ownerId', 'memberIds']
  return (
    <Form key={answerKey} id={formId} method="post" noValidate className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="create" />
      {formErrors?.length ? (
        <Alert tone="error" id={`${formId}-form-error`}>
          {formErrors.map((e) => (
            <p key={e}>{t(e)}</p>
          ))}
        </Alert>
      ) : null}
      {organizations.length > 1 ? (
        <SelectField
          label={t('createGroup.organization')}
          errors={form.errors('organizationId')}
          selectProps={{
            ...form.input(formId, 'organizationId', selected, order),
            required: true,
            onChange: (e) => setOrganizationId(e.target.value),
          }}
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
        errors={form.errors('name')}
        inputProps={{ ...form.input(formId, 'name', '', order), type: 'text', maxLength: GROUP_NAME_MAX, autoComplete: 'off' }}
      />
      <div key={organizationId} className="flex flex-col gap-5">
        <PeoplePicker
          name="ownerId"
          label={t('createGroup.owner')}
          hint={t('createGroup.ownerHint')}
          scope={scope}
          chosen={owner}
          found={search('ownerId')?.found}
          query={search('ownerId')?.query}
          errors={form.errors('ownerId')}
        />
        <PeoplePicker
          name="memberIds"
          label={t('createGroup.members')}
          hint={t('createGroup.membersHint')}
          multiple
          scope={scope}
          chosen={people?.members ?? []}
          found={search('memberIds')?.found}
          query={search('memberIds')?.query}
          errors={form.errors('memberIds')}
          extra={(person) => (
            <select
              name={memberRoleField(person._id)}
              defaultValue={typeof sent[memberRoleField(person._id)] === 'string' ? String(sent[memberRoleField(person._id)]) : 'member'}
              aria-label={t('createGroup.roleOf', { name: person.name })}
              className={`${inputClass} w-auto py-1`}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`createGroup.role.${r}`)}
                </option>
              ))}
            </select>
          )}
        />
      </div>
      <div>
        <Button type="submit" pending={busy}>
          {t(`createGroup.submit.${kind}`)}
        </Button>
      </div>
    </Form>
  )
}
