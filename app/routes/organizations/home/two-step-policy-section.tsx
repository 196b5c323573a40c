import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TWO_STEP_POLICIES } from '~/services/organizations/organizations.constants'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { sectionClass } from '~/ui/section'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * The organization's two-step policy (docs/auth.md "Organization policy"): who must have two-step
 * verification or a passkey before reaching its administration. Radio buttons and a save button:
 * a plain form, the same with and without JavaScript.
 */
export function TwoStepPolicySection({
  organizationId,
  policy,
  admins,
  adminsWithTwoStep,
  lastResult,
}: {
  organizationId: string
  policy: string
  admins: number
  adminsWithTwoStep: number
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const pending = useIntentPending('twoStepPolicy')
  const errors = lastResult?.error?.[''] ?? lastResult?.error?.policy ?? []
  return (
    <section aria-labelledby="org-two-step-title" className={sectionClass} id="two-step-policy">
      <h2 id="org-two-step-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.twoStepPolicy.title')}
      </h2>
      <p className="mb-2">{t('orgHome.twoStepPolicy.intro')}</p>
      <p className="mb-3 text-sm text-slate-700">{t('orgHome.twoStepPolicy.sso')}</p>
      {errors.length ? (
        <div className="mb-3">
          <Alert tone="error" id="org-two-step-errors">
            {errors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-3" aria-describedby={errors.length ? 'org-two-step-errors' : undefined}>
        <input type="hidden" name="intent" value="twoStepPolicy" />
        <fieldset>
          <legend className="mb-2 font-medium">{t('orgHome.twoStepPolicy.legend')}</legend>
          <div className="flex flex-col gap-2">
            {TWO_STEP_POLICIES.map((value) => (
              <label key={value} className="flex items-start gap-2">
                <input type="radio" name="policy" value={value} defaultChecked={policy === value} className="mt-1" />
                <span>{t(`orgHome.twoStepPolicy.options.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" pending={pending}>
            {t('orgHome.twoStepPolicy.save')}
          </Button>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-700">
        {t('orgHome.twoStepPolicy.status', { count: admins, withTwoStep: adminsWithTwoStep })}{' '}
        <AppLink to={`/organizations/${organizationId}/members`} className="underline">
          {t('orgHome.twoStepPolicy.who')}
        </AppLink>
      </p>
    </section>
  )
}
