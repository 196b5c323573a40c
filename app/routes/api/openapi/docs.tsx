import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { openApiDocument } from './document.server'
import { referenceOf, textParts, type Reference, type ReferenceOperation } from './reference'

/** A description as the API's Markdown means it: `code` as code, not as backticks. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {textParts(text).map((part, i) =>
        part.code ? (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {part.text}
          </code>
        ) : (
          part.text
        ),
      )}
    </>
  )
}

let reference: Reference | undefined

/** GET /api/docs: the API reference, rendered on the server from /api/openapi.json (no scripts of its own, no CDN). */
export async function loader() {
  reference ??= referenceOf(openApiDocument().document)
  return Response.json(reference, { headers: { 'Cache-Control': 'public, max-age=300' } })
}

export const handle = { breadcrumb: 'apiDocs.title' }

const METHOD_COLORS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-rose-100 text-rose-900',
}

const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

export default function ApiDocs() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>() as Reference
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="mb-2 text-2xl font-bold">{t('apiDocs.title')}</h1>
      <p className="mb-2 text-slate-700">{t('apiDocs.intro', { title: data.title, version: data.version })}</p>
      <p className="mb-6">
        <a className="font-medium text-brand-700 underline" href="/api/openapi.json">
          {t('apiDocs.download')}
        </a>
      </p>
      <nav aria-labelledby="api-docs-contents" className="mb-8">
        <h2 id="api-docs-contents" className="mb-2 text-lg font-semibold">
          {t('apiDocs.contents')}
        </h2>
        <ul className="list-disc pl-6">
          {data.groups.map((group) => (
            <li key={group.tag}>
              <a className="text-brand-700 underline" href={`#${anchor(group.tag)}`}>
                {group.tag}
              </a>{' '}
              ({group.operations.length})
            </li>
          ))}
          <li>
            <a className="text-brand-700 underline" href="#schemas">
              {t('apiDocs.schemas')}
            </a>
          </li>
        </ul>
      </nav>
      {data.groups.map((group) => (
        <section key={group.tag} aria-labelledby={anchor(group.tag)} className="mb-10">
          <h2 id={anchor(group.tag)} className="mb-4 border-b border-slate-300 text-xl font-bold">
            {group.tag}
          </h2>
          {group.operations.map((op) => (
            <OperationView key={op.id} op={op} />
          ))}
        </section>
      ))}
      <section aria-labelledby="schemas" className="mb-10">
        <h2 id="schemas" className="mb-4 border-b border-slate-300 text-xl font-bold">
          {t('apiDocs.schemas')}
        </h2>
        {data.schemas.map((schema) => (
          <div key={schema.name} className="mb-4">
            <h3 className="font-mono font-semibold">{schema.name}</h3>
            <pre className="whitespace-pre-wrap break-words rounded bg-slate-100 p-2 text-sm">{schema.type}</pre>
          </div>
        ))}
      </section>
    </main>
  )
}

function OperationView({ op }: { op: ReferenceOperation }) {
  const { t } = useTranslation()
  return (
    <article id={op.id} aria-labelledby={`${op.id}-title`} className="mb-6 rounded border border-slate-300 p-4 [overflow-wrap:anywhere]">
      <h3 id={`${op.id}-title`} className="mb-1 flex flex-wrap items-center gap-2 font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_COLORS[op.method] ?? 'bg-slate-100'}`}>{op.method}</span>
        <code className="break-all">{op.path}</code>
      </h3>
      <p className="font-medium">{op.summary}</p>
      {op.description ? (
        <p className="text-slate-700">
          <Prose text={op.description} />
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">{t(`apiDocs.access.${op.access}`)}</p>
      {op.parameters.length > 0 ? (
        <>
          <h4 className="mt-3 font-semibold">{t('apiDocs.parameters')}</h4>
          <table className="mt-1 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('apiDocs.name')}</th>
                <th scope="col">{t('apiDocs.in')}</th>
                <th scope="col">{t('apiDocs.type')}</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <td className="font-mono">
                    {p.name}
                    {p.required ? ` (${t('apiDocs.required')})` : ''}
                  </td>
                  <td>{p.in}</td>
                  <td>
                    <code>{p.type}</code>
                    {p.description ? (
                      <>
                        {' '}
                        <Prose text={p.description} />
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {op.body ? (
        <>
          <h4 className="mt-3 font-semibold">{t('apiDocs.body')}</h4>
          <pre className="whitespace-pre-wrap break-words rounded bg-slate-100 p-2 text-sm">{op.body}</pre>
        </>
      ) : null}
      <h4 className="mt-3 font-semibold">{t('apiDocs.responses')}</h4>
      <dl className="text-sm">
        {op.responses.map((r) => (
          <div key={r.status} className="mt-1">
            <dt className="font-mono font-semibold">
              {r.status} <span className="font-sans font-normal">{r.description}</span>
            </dt>
            <dd>{r.type ? <pre className="whitespace-pre-wrap break-words rounded bg-slate-100 p-2">{r.type}</pre> : null}</dd>
          </div>
        ))}
      </dl>
    </article>
  )
}
