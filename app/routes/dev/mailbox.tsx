import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { db } from '~/db/db.server'
import { env, isProduction } from '~/env.server'
import { listOutbox } from '~/mail/mailer.server'
import { useFormatters } from '~/ui/format'

export const handle = { breadcrumb: 'mailbox.title' }

const isLoopback = (ip: string | undefined) => !!ip && /^(127\.|::1$|::ffff:127\.)/.test(ip)

/**
 * Outside production, without SMTP_URL, sent mail is kept and listed here: for this machine only
 * (it shows every sign-in and reset link), never in production.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (isProduction() || !isLoopback(context.clientIp)) throw new Response('Not found', { status: 404 })
  return { messages: await listOutbox(db()), smtp: Boolean(env().SMTP_URL) }
}

export default function Mailbox() {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const { messages, smtp } = useLoaderData<typeof loader>()
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('mailbox.title')}</h1>
      {smtp ? <p className="mb-4 text-slate-700">{t('mailbox.smtp')}</p> : null}
      {messages.length === 0 ? (
        <p className="text-slate-700">{t('mailbox.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {messages.map((m) => (
            <li key={m.id} className="rounded-md bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm text-slate-600">
                {dateTime(m.created_at)} · {m.to_address}
              </p>
              <h2 className="font-semibold">{m.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{m.text_body}</pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
