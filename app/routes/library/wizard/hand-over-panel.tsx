import { Form, useSubmit } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { SelectField } from '~/ui/field'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * Step 4, the owner only: hand the package over to one of its editors (who becomes the owner;
 * the old owner stays an editor). Asks first: a dialog with JavaScript, the server's
 * confirmation panel without.
 */
export function HandOverPanel({ editors }: { editors: { id: string; name: string; email: string }[] }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const [selected, setSelected] = useState(editors[0]?.id ?? '')
  const busy = useIntentPending('hand-over')
  const chosen = () => editors.find((e) => e.id === selected) ?? editors[0]
  return (
    <section aria-labelledby="sharing-hand-over" className="flex flex-col gap-3">
      <h2 id="sharing-hand-over" className="text-lg font-semibold">
        {t('library.wizard.sharing.handOver.title')}
      </h2>
      <p className="text-slate-700">{t('library.wizard.sharing.handOver.intro')}</p>
      {editors.length === 0 ? (
        <p className="text-slate-700">{t('library.wizard.sharing.handOver.noEditors')}</p>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="min-w-[14rem]">
            <SelectField
              label={t('library.wizard.sharing.handOver.to')}
              selectProps={{ id: 'hand-over-to', name: 'userId', value: selected, onChange: (e) => setSelected(e.target.value) }}
            >
              {editors.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} ({e.email})
                </option>
              ))}
            </SelectField>
          </div>
          <ConfirmButton
            name="intent"
            value="hand-over"
            variant="danger"
            pending={busy}
            dialogId="hand-over"
            confirm={{
              title: t('library.wizard.sharing.handOver.confirmTitle'),
              body: t('library.wizard.sharing.handOver.confirmBody', { name: chosen()?.name ?? '' }),
              action: t('library.wizard.sharing.handOver.confirm'),
            }}
            onConfirm={() => submit({ intent: 'hand-over', userId: chosen()?.id ?? '', confirmed: '1' }, { method: 'post' })}
          >
            {t('library.wizard.sharing.handOver.action')}
          </ConfirmButton>
        </Form>
      )}
    </section>
  )
}
