import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '~/ui/copyable-code'
import { useFormatters } from '~/ui/format'

/** The group's new open code, shown this once, at the top of the page (it is the message of the redirect that made it). */
export function NewGroupCode({ code, expires }: { code: string; expires: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const titleId = useId()
  const bodyId = useId()
  return (
    <section className="max-w-xl rounded-md border-l-4 border-green-600 bg-green-50 p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-1 font-semibold">
        {t('groupHome.invite.newCodeTitle')}
      </h2>
      <p id={bodyId} className="mb-3 text-slate-800">
        {t('groupHome.invite.newCodeBody', { expires: dateTime(expires) })}
      </p>
      <CopyableCode
        code={code}
        testId="group-code"
        describedBy={bodyId}
        texts={{
          label: t('groupHome.invite.newCodeLabel'),
          copy: t('groupHome.invite.copy'),
          copied: t('groupHome.invite.copied'),
          copyFailed: t('groupHome.invite.copyFailed'),
        }}
      />
    </section>
  )
}
