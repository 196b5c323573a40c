import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FieldErrors, inputClass } from '~/ui/field'
import type { TaskDraft } from './drafts'
import { opValue } from './list-ops'
import { OrderedListEditor } from './ordered-list-editor'
import { DefaultSave, WIZARD_FORM_ID, WizardNav } from './wizard-nav'

const gridLabel = 'block text-sm font-medium text-slate-800'
/** A label in the item's column (gap 0.75 rem): 0.25 rem above its field. */
const closeLabel = `${gridLabel} -mb-2`

const ENTITY_KINDS = ['task', 'reading', 'assignment', 'meeting', 'reflection'] as const

/**
 * Step 3: the tasks of one role at a time (`?role=`), so a form stays small whatever the
 * package holds; the role tabs above save what was typed and lead to the others, Next to the next
 * role and at the last role to step 4.
 */
export function EntitiesStep({
  roles,
  roleId,
  tasks,
  version,
  errors,
}: {
  roles: { id: string; name: string; taskCount: number }[]
  roleId: string | null
  tasks: TaskDraft[]
  version: number
  errors: Record<string, string[]>
}) {
  const { t } = useTranslation()
  const role = roles.find((r) => r.id === roleId)
  if (!role) return <p className="text-slate-700">{t('library.wizard.entities.noRoles')}</p>
  const field = (i: number, name: string) => `tasks[${i}].${name}`
  const idOf = (task: TaskDraft, name: string) => `task-${task.key}-${name}`
  const errorProps = (task: TaskDraft, i: number, name: string) => {
    const has = Boolean(errors[field(i, name)])
    return { 'aria-invalid': has || undefined, 'aria-describedby': has ? `${idOf(task, name)}-error` : undefined }
  }
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="text-slate-700">{t('library.wizard.entities.intro')}</p>
      <nav aria-label={t('library.wizard.roles.heading')}>
        {/* Each tab saves the tasks typed here before it shows its role's (a submit button of the step's form, also without JavaScript). */}
        <ul className="flex flex-wrap gap-2">
          {roles.map((r) => (
            <li key={r.id}>
              {r.id === role.id ? (
                <span aria-current="page" className="inline-block rounded-full bg-brand-600 px-3 py-1 text-sm font-medium text-white">
                  {r.name} ({r.taskCount})
                </span>
              ) : (
                <button
                  type="submit"
                  form={WIZARD_FORM_ID}
                  formNoValidate
                  name="op"
                  value={opValue.role(r.id)}
                  className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200"
                >
                  {r.name} ({r.taskCount})
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" id={WIZARD_FORM_ID} className="flex flex-col gap-4" aria-label={role.name}>
        <DefaultSave />
        <input type="hidden" name="intent" value="entities" />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="roleId" value={role.id} />
        <h2 className="text-lg font-semibold">{role.name}</h2>
        <FieldErrors id="tasks-error" errors={errors.tasks ?? errors['']} />
        <OrderedListEditor
          list="tasks"
          items={tasks}
          keyOf={(task) => task.key}
          legendOf={(i) => t('library.wizard.entities.task', { n: i + 1 })}
          addLabel={t('library.wizard.entities.add', { role: role.name })}
          empty={t('library.wizard.entities.empty', { role: role.name })}
          max={500}
          renderItem={(task, i) => (
            <>
              <input type="hidden" name={field(i, 'key')} value={task.key} />
              {/* No wrapper per field (docs/testing.md "Benchmark"): a label is drawn close to its field by its negative margin in the fieldset's gap. */}
              <label htmlFor={idOf(task, 'title')} className={closeLabel}>
                {t('library.wizard.entities.title')}
              </label>
              <input
                id={idOf(task, 'title')}
                name={field(i, 'title')}
                defaultValue={task.title}
                maxLength={200}
                required
                autoComplete="off"
                {...errorProps(task, i, 'title')}
                className={inputClass}
              />
              <FieldErrors id={`${idOf(task, 'title')}-error`} errors={errors[field(i, 'title')]} />
              <label htmlFor={idOf(task, 'instructions')} className={closeLabel}>
                {t('library.wizard.entities.instructions')}
              </label>
              <textarea
                id={idOf(task, 'instructions')}
                name={field(i, 'instructions')}
                defaultValue={task.instructions}
                rows={3}
                maxLength={10000}
                {...errorProps(task, i, 'instructions')}
                className={inputClass}
              />
              <FieldErrors id={`${idOf(task, 'instructions')}-error`} errors={errors[field(i, 'instructions')]} />
              {/* Type and day side by side: the two labels, then the two fields, one grid. */}
              <div className="grid grid-cols-[auto_11rem] justify-start gap-x-3 gap-y-1">
                <label htmlFor={idOf(task, 'kind')} className={gridLabel}>
                  {t('library.wizard.entities.kind')}
                </label>
                <label htmlFor={idOf(task, 'dayOffset')} className={gridLabel}>
                  {t('library.wizard.entities.dayOffset')}
                </label>
                <select id={idOf(task, 'kind')} name={field(i, 'kind')} defaultValue={task.kind} className={inputClass}>
                  {ENTITY_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`library.kinds.${k}`)}
                    </option>
                  ))}
                </select>
                <input
                  id={idOf(task, 'dayOffset')}
                  name={field(i, 'dayOffset')}
                  defaultValue={task.dayOffset}
                  type="number"
                  min={-3650}
                  max={3650}
                  step={1}
                  {...errorProps(task, i, 'dayOffset')}
                  className={inputClass}
                />
                {errors[field(i, 'dayOffset')]?.length ? (
                  <div className="col-start-2">
                    <FieldErrors id={`${idOf(task, 'dayOffset')}-error`} errors={errors[field(i, 'dayOffset')]} />
                  </div>
                ) : null}
              </div>
            </>
          )}
        />
        <WizardNav back nextLabel="next" />
      </Form>
    </div>
  )
}
