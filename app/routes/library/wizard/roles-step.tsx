import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FieldErrors, inputClass } from '~/ui/field'
import type { RoleDraft } from './drafts'
import { OrderedListEditor } from './ordered-list-editor'
import { DefaultSave, WIZARD_FORM_ID, WizardNav } from './wizard-nav'

export const MAX_ROLES = 20

/** Step 2: the roles in order; add, remove and reorder without JavaScript (list-ops.ts). */
export function RolesStep({
  roles,
  version,
  errors,
  nextLabel,
}: {
  roles: RoleDraft[]
  version: number
  errors: Record<string, string[]>
  nextLabel: 'next' | 'finish'
}) {
  const { t } = useTranslation()
  return (
    <Form method="post" id={WIZARD_FORM_ID} className="flex max-w-3xl flex-col gap-4" aria-labelledby="wizard-step-title">
      <DefaultSave />
      <input type="hidden" name="intent" value="roles" />
      <input type="hidden" name="version" value={version} />
      <p className="text-slate-700">{t('library.wizard.roles.intro')}</p>
      <FieldErrors id="roles-error" errors={errors.roles ?? errors['']} />
      <OrderedListEditor
        list="roles"
        items={roles}
        keyOf={(r) => r.key}
        legendOf={(i) => t('library.wizard.roles.role', { n: i + 1 })}
        addLabel={t('library.wizard.roles.add')}
        empty={t('library.wizard.roles.empty')}
        max={MAX_ROLES}
        renderItem={(role, i) => (
          <>
            <input type="hidden" name={`roles[${i}].key`} value={role.key} />
            <div>
              <label htmlFor={`role-${role.key}-name`} className="mb-1 block text-sm font-medium text-slate-800">
                {t('library.wizard.roles.name')}
              </label>
              <input
                id={`role-${role.key}-name`}
                name={`roles[${i}].name`}
                defaultValue={role.name}
                maxLength={120}
                required
                autoComplete="off"
                aria-invalid={errors[`roles[${i}].name`] ? true : undefined}
                aria-describedby={errors[`roles[${i}].name`] ? `role-${role.key}-name-error` : undefined}
                className={inputClass}
              />
              <FieldErrors id={`role-${role.key}-name-error`} errors={errors[`roles[${i}].name`]} />
            </div>
            <div>
              <label htmlFor={`role-${role.key}-description`} className="mb-1 block text-sm font-medium text-slate-800">
                {t('library.wizard.roles.description')}
              </label>
              <textarea
                id={`role-${role.key}-description`}
                name={`roles[${i}].description`}
                defaultValue={role.description}
                rows={2}
                maxLength={2000}
                aria-invalid={errors[`roles[${i}].description`] ? true : undefined}
                aria-describedby={errors[`roles[${i}].description`] ? `role-${role.key}-description-error` : undefined}
                className={inputClass}
              />
              <FieldErrors id={`role-${role.key}-description-error`} errors={errors[`roles[${i}].description`]} />
            </div>
          </>
        )}
      />
      <WizardNav back nextLabel={nextLabel} />
    </Form>
  )
}
