import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'

/** An account with this email exists: its owner proves it with the password or an emailed link. */
export function ProveAccount({ email, emailFromProvider, busy }: { email: string; emailFromProvider: boolean; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('sso.confirm.existing', { email })}</p>
      <Form method="post" className="flex flex-col gap-3">
        {emailFromProvider ? null : <input type="hidden" name="email" value={email} />}
        <Field
          label={t('fields.password')}
          inputProps={{
            id: 'password',
            name: 'password',
            type: 'password',
            required: true,
            autoComplete: 'current-password',
            maxLength: 128,
          }}
        />
        <Button type="submit" name="intent" value="password" pending={busy}>
          {t('sso.confirm.linkWithPassword')}
        </Button>
      </Form>
      <Form method="post">
        {emailFromProvider ? null : <input type="hidden" name="email" value={email} />}
        <Button type="submit" name="intent" value="emailLink" variant="secondary">
          {t('sso.confirm.linkWithEmail')}
        </Button>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="cancel" variant="secondary">
          {t('sso.confirm.cancel')}
        </Button>
      </Form>
    </div>
  )
}
