import { useTranslation } from 'react-i18next'

/**
 * What a confirmation will change, by name: the first few items and "and N more" (`total` is
 * how many the action takes). The JavaScript dialog's list; ConfirmPanel shows the same with
 * checkboxes.
 */
export function NamedItems({ label, names, total }: { label: string; names: string[]; total: number }) {
  const { t } = useTranslation()
  if (names.length === 0) return null
  const more = total - names.length
  return (
    <div className="mb-4 text-slate-700">
      <p className="font-medium">{label}</p>
      <ul className="list-disc pl-5">
        {names.map((name, i) => (
          <li key={i} className="break-words">
            {name || t('bulk.unnamed')}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>{t('bulk.andMore', { count: more })}</p> : null}
    </div>
  )
}
