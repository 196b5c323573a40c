import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '~/ui/copyable-code'
import { useFormatters } from '~/ui/format'

/** The code of a new open invitation, shown this once, at the top of the page (it is the message of the redirect that made it). */
export function NewCodePanel({ code, expires }: { code: string; expires: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const bodyId = useId()
  return (
    <div className="mb-6 max-w-xl rounded-md border-l-4 border-green-600 bg-green-50 p-4" role="status">
      <h2 className="mb-1 font-semibold">{t('invitations.newCode.title')}</h2>
      <p id={bodyId} className="mb-3 text-slate-800">
        {t('invitations.newCode.body', { expires: dateTime(expires) })}
      </p>
      <CopyableCode
        code={code}
        testId="org-code"
        describedBy={bodyId}
        texts={{
          label: t('invitations.newCode.label'),
          copy: t('invitations.newCode.copy'),
          copied: t('invitations.newCode.copied'),
          copyFailed: t('invitations.newCode.copyFailed'),
        }}
      />
    </div>
  )
}
