import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import type { RowResult } from '~/services/member-import/apply.server'
import { EmailListForm } from '~/ui/email-list-form'

const KEYS = { title: 'orgAdd.title', label: 'orgAdd.label', hint: 'orgAdd.hint', submit: 'orgAdd.submit' }

/** "Add people by email" on the members page, and the result per address of the last time. */
export function AddByEmailForm({ lastResult, results }: { lastResult?: SubmissionResult<string[]> | null; results?: RowResult[] | null }) {
  const { t } = useTranslation()
  return (
    <EmailListForm id="add-by-email" intent="addByEmail" keys={KEYS} heading="h2" rows={2} lastResult={lastResult}>
      {results?.length ? (
        <div role="status" className="mt-3 rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
          <h3 className="mb-1 font-semibold">{t('orgAdd.resultTitle')}</h3>
          {lastResult?.initialValue?.emails ? <p className="mb-1 text-slate-700">{t('orgAdd.keptInField')}</p> : null}
          <ul className="space-y-1" data-testid="add-by-email-results">
            {results.map((r) => (
              <li key={r.line} className={['ADDED', 'INVITED'].includes(r.result) ? '' : 'text-slate-700'}>
                <span className="break-all font-medium">{r.email}</span>: {t(`orgAdd.results.${r.result}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </EmailListForm>
  )
}
