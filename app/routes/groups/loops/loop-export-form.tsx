import { useTranslation } from 'react-i18next'
import { LOOP_EXPORT_FORMATS } from '~/utils/group-work-limits'
import { Button } from '~/ui/button'
import { Section, sectionClass } from '~/ui/section'

/**
 * The Loops tab's export (owners and leaders): a plain GET form to …/loops/export, so the browser
 * downloads the file itself, with or without JavaScript; the text only when ticked.
 */
export function LoopExportForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation()
  return (
    <Section titleId="loop-export" title={t('loops.export.title')} intro={t('loops.export.intro')} className={sectionClass}>
      <form method="get" action={`/groups/${groupId}/loops/export`} className="space-y-3">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('loops.export.format')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {LOOP_EXPORT_FORMATS.map((format) => (
              <label key={format} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="format" value={format} defaultChecked={format === 'csv'} className="size-5" />
                {t(`loops.export.${format}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-start gap-2">
          <input id="export-text" type="checkbox" name="text" value="1" className="mt-1 size-5" aria-describedby="export-text-hint" />
          <div>
            <label htmlFor="export-text">{t('loops.export.withText')}</label>
            <p id="export-text-hint" className="text-sm text-slate-700">
              {t('loops.export.withTextHint')}
            </p>
          </div>
        </div>
        <Button type="submit" variant="secondary">
          {t('loops.export.download')}
        </Button>
      </form>
    </Section>
  )
}
