import type { SubmissionResult } from '@conform-to/react'
import { Form, useLocation, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { OLD_OWNER_ROLES } from '~/services/groups/groups.constants'
import type { GroupListItem } from '~/services/groups/groups.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { inputClass, SelectField } from '~/ui/field'
import { PeoplePicker, pickerQueryField } from '~/ui/people-picker'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { NamedItems } from '~/ui/named-items'
import type { OwnerChangesApplied, OwnerPickers, RemovalConfirmation } from './intents.server'
import { useIntentPending } from '~/ui/use-intent-pending'

const FORM_ID = 'change-owners'

/** A row as sent (or, before any answer, only its group). */
type ChangeRow = { groupId?: unknown; newOwnerId?: unknown; oldOwnerRole?: unknown }

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * Step two of changing owners: one row per selected group with its current owner, the new owner
 * (chosen with the people picker, app/ui/people-picker.tsx) and the old owner's role (REMOVE:
 * leaves the group). Empty row fields take the values given for all groups. After a submission
 * with failures it shows again with the failed rows only, as sent, each with its error, and names
 * the groups that did change (`applied`); a picker's search without JavaScript shows it again as
 * sent with that picker's matches (`people`). Rows whose old owner leaves the group are asked for
 * first (`confirmRemoval`, naming who leaves which group): the same rows again with a button that
 * posts confirmed=1.
 * The server validates (ChangeOwnersFormSchema), as on the auth and preference screens (ADR 006,
 * 018): the groups screen loads neither zod nor conform. The server's answer (conform's
 * SubmissionResult) gives the rows, the values and the errors, keyed by the fields' names
 * (`changes[1].newOwnerId`); the form is mounted anew for each answer, so it shows exactly what
 * the page without JavaScript shows.
 */
export function ChangeOwnersPanel({
  groups,
  lastResult,
  applied,
  confirmRemoval,
  people,
}: {
  groups: GroupListItem[]
  lastResult?: SubmissionResult<string[]>
  applied?: OwnerChangesApplied
  confirmRemoval?: RemovalConfirmation
  people?: OwnerPickers
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const answerKey = useAnswerKey(lastResult)
  const form = serverForm(lastResult)
  const byId = new Map(groups.map((g) => [g._id, g]))
  const sent = lastResult?.initialValue as { changes?: ChangeRow[] } | undefined
  const rows: ChangeRow[] = lastResult ? (sent?.changes ?? []) : groups.map((g) => ({ groupId: g._id }))
  const busy = useIntentPending('change-owners')
  const formErrors = form.errors('')
  const formErrorId = `${FORM_ID}-form-error`
  const scope = { for: 'group-owner', organizationId: useParams().organizationId! }
  const personById = new Map((people?.chosen ?? []).map((p) => [p._id, p]))
  const chosen = (id: unknown) => (typeof id === 'string' && personById.has(id) ? [personById.get(id)!] : [])
  const search = (name: string) => (people?.search?.name === name ? people.search : undefined)
  return (
    <Form
      key={answerKey}
      method="post"
      id={FORM_ID}
      aria-invalid={formErrors ? true : undefined}
      aria-describedby={formErrors ? formErrorId : undefined}
      className="mb-4 rounded-md border-l-4 border-brand-600 bg-brand-50 p-4"
      aria-labelledby="change-owners-title"
    >
      <h3 id="change-owners-title" className="mb-1 text-lg font-semibold">
        {t('groups.owners.title')}
      </h3>
      <p className="mb-3 max-w-3xl text-slate-700">{t('groups.owners.intro')}</p>
      <input type="hidden" name="intent" value="change-owners" />
      {applied ? (
        <div className="mb-3">
          <Alert tone={applied.succeeded > 0 ? 'success' : 'error'}>
            {applied.succeeded > 0
              ? t('groups.owners.applied', { succeeded: applied.succeeded, total: applied.total, names: applied.names.join(', ') })
              : t('groups.owners.noneApplied')}{' '}
            {t('groups.owners.fixRows')}
          </Alert>
        </div>
      ) : null}
      {confirmRemoval ? (
        // Enter in a field (a picker's search, without JavaScript) submits the form's first button:
        // this one, which asks again (or searches), never the removal below.
        <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
      ) : null}
      {confirmRemoval ? (
        <div role="alert" className="mb-3 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3">
          <p className="mb-2 font-medium">{t('groups.owners.confirmRemoval.title', { count: confirmRemoval.count })}</p>
          <NamedItems
            label={t('groups.owners.confirmRemoval.items')}
            names={confirmRemoval.named.map((n) => t('groups.owners.confirmRemoval.item', n))}
            total={confirmRemoval.count}
          />
          <Button type="submit" name="confirmed" value="1" variant="danger" pending={busy}>
            {t('groups.owners.confirmRemoval.action')}
          </Button>
        </div>
      ) : null}
      {formErrors?.length ? (
        <div className="mb-3">
          <Alert tone="error" id={formErrorId}>
            {formErrors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        </div>
      ) : null}
      <fieldset className="mb-4 grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('groups.owners.all')}</legend>
        <PeoplePicker
          name="newOwnerId"
          label={t('groups.owners.newOwner')}
          scope={scope}
          chosen={chosen(form.value('newOwnerId'))}
          found={search('newOwnerId')?.found}
          query={search('newOwnerId')?.query}
          typed={form.valueAt(pickerQueryField('newOwnerId'))}
          errors={form.errors('newOwnerId')}
        />
        <SelectField
          label={t('groups.owners.oldOwnerRole')}
          errors={form.errors('oldOwnerRole')}
          selectProps={{ id: `${FORM_ID}-oldOwnerRole`, name: 'oldOwnerRole', defaultValue: form.value('oldOwnerRole', 'member') }}
        >
          {OLD_OWNER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`groups.owners.role.${r}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[720px] text-sm">
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.group')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.currentOwner')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.newOwner')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.oldOwnerRole')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const group = byId.get(text(row.groupId))
              if (!group) return null
              const name = (field: keyof ChangeRow) => `changes[${i}].${field}`
              return (
                <tr key={group._id} className="border-t border-brand-100 align-top">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    <input type="hidden" name={name('groupId')} value={group._id} />
                    {group.name}
                  </th>
                  <td className="px-2 py-2">
                    <span className="block">{group.owner.name}</span>
                    <span className="block break-all text-slate-600">{group.owner.email}</span>
                  </td>
                  <td className="px-2 py-2">
                    <PeoplePicker
                      name={name('newOwnerId')}
                      label={`${t('groups.owners.newOwner')}: ${group.name}`}
                      scope={scope}
                      chosen={chosen(row.newOwnerId)}
                      found={search(name('newOwnerId'))?.found}
                      query={search(name('newOwnerId'))?.query}
                      typed={form.valueAt(pickerQueryField(name('newOwnerId')))}
                      errors={form.errors(name('newOwnerId'))}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <select
                      name={name('oldOwnerRole')}
                      defaultValue={text(row.oldOwnerRole)}
                      aria-label={`${t('groups.owners.oldOwnerRole')}: ${group.name}`}
                      className={inputClass}
                    >
                      <option value="">{t('groups.owners.sameAsAbove')}</option>
                      {OLD_OWNER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`groups.owners.role.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit" pending={busy}>
          {t('groups.owners.submit')}
        </Button>
        <AppLink
          to={`${location.pathname}${location.search}`}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium"
        >
          {t('groups.owners.cancel')}
        </AppLink>
      </div>
    </Form>
  )
}
