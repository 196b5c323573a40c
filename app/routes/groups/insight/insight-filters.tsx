import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { INSIGHT_ROLES } from '~/services/group-work/insight.schemas'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'

/** The range (and, in the group's insight, the role) as a GET form: works without JavaScript, the address says what is shown. */
export function InsightFilters({
  from,
  to,
  role,
  showRole,
  errors,
}: {
  from: string
  to: string
  role: string
  showRole: boolean
  errors: { from?: string[]; to?: string[]; role?: string[] }
}) {
  const { t } = useTranslation()
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 print:hidden">
      <Field
        label={t('insight.form.from')}
        errors={errors.from}
        inputProps={{ id: 'insight-from', name: 'from', type: 'date', defaultValue: from, required: true }}
      />
      <Field
        label={t('insight.form.to')}
        errors={errors.to}
        inputProps={{ id: 'insight-to', name: 'to', type: 'date', defaultValue: to, required: true }}
      />
      {showRole ? (
        <SelectField
          label={t('insight.form.role')}
          errors={errors.role}
          selectProps={{ id: 'insight-role', name: 'role', defaultValue: role }}
        >
          <option value="">{t('insight.form.allRoles')}</option>
          {INSIGHT_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`insight.roles.${r}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Button type="submit" variant="secondary">
        {t('insight.form.show')}
      </Button>
    </Form>
  )
}
