/** "Export CSV" beside a list's title: a download link whose hint (what it holds) a screen reader reads with it. */
export function CsvExportLink({ href, id, label, hint }: { href: string; id: string; label: string; hint: string }) {
  return (
    <>
      <a
        href={href}
        download
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100"
        aria-describedby={id}
      >
        {label}
      </a>
      <p id={id} className="sr-only">
        {hint}
      </p>
    </>
  )
}
