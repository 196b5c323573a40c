import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { MAIL_MAX_ATTEMPTS } from '~/mail/outbox.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { RetryMailSchema } from '~/services/platform/platform.schemas'
import { isPlatformAdmin, listUndeliveredMail, retryMail } from '~/services/platform/platform.server'
import { Button } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { redirectWithToast } from '~/http/toast.server'
import { handlerFor } from '~/utils/intent'
import { readForm } from '~/utils/form-body.server'

/**
 * /platform/mail: mail that could not be sent (dead after its last attempt, or failed and
 * waiting for its next one), for platform admins, each with "Retry now". Everyone else gets the
 * not-found screen; a signed-out visitor signs in first.
 */
export const handle = { breadcrumb: 'platformMail.title', i18nArea: 'platform' }
export const clientLoader = withArea('platform')

async function platformCtx(request: Request, context: AppLoadContext): Promise<Ctx> {
  const ctx = ctxFor(await requireUser(request, context), context)
  if (!isPlatformAdmin(ctx)) throw new Response('Not found', { status: 404 })
  return ctx
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await platformCtx(request, context)
  return { mail: await routeCall(() => listUndeliveredMail(ctx), { failure: 'platformMail.loadError' }), maxAttempts: MAIL_MAX_ATTEMPTS }
}

type Handler = (args: { ctx: Ctx; form: FormData; here: string }) => Promise<Response | ReturnType<typeof data>>
const INTENTS: Record<string, Handler> = {
  async retry({ ctx, form, here }) {
    const submission = parseWithZod(form, { schema: RetryMailSchema })
    if (submission.status !== 'success') return data({ intent: 'retry' }, { status: 400 })
    try {
      const { to } = await retryMail(ctx, submission.value.id)
      return redirectWithToast(here, { key: 'platformMail.toast.retried', values: { to } })
    } catch (error) {
      // Sent, retried or deleted meanwhile (another tab, another admin): show the fresh list.
      if (error instanceof DomainError && error.code === 'NOT_FOUND')
        return redirectWithToast(here, { key: 'platformMail.toast.gone', type: 'error' })
      throw error
    }
  },
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data({ intent: null }, { status: 400 })
  return routeCall(() => handler({ ctx, form, here: new URL(request.url).pathname }), { failure: 'platformMail.updateError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function PlatformMail() {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const { mail, maxAttempts } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : null
  const statusClass = { dead: 'bg-red-100 text-red-900', failed: 'bg-amber-100 text-amber-900' }
  return (
    <section aria-labelledby="platform-mail-title">
      <h1 id="platform-mail-title" className="mb-1 text-xl font-bold">
        {t('platformMail.title')}
      </h1>
      <p className="mb-4 text-slate-700">{t('platformMail.intro', { attempts: maxAttempts })}</p>
      {mail.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t('platformMail.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="w-full min-w-[720px] text-sm">
            <caption className="sr-only">{t('platformMail.title')}</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                {(['to', 'status', 'attempts', 'error', 'nextAttempt', 'actions'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {t(`platformMail.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mail.map((m) => (
                <tr key={m.id} className="border-t border-slate-200 align-top">
                  <td className="px-3 py-2">
                    <span className="block break-all font-medium">{m.to_address}</span>
                    <span className="block text-slate-600">{m.subject}</span>
                    <span className="block text-xs text-slate-600">{t('platformMail.queued', { when: dateTime(m.created_at) })}</span>
                  </td>
                  <td className="px-3 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[m.status as 'dead' | 'failed']}`}>
                      {t(`platformMail.status.${m.status}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t('platformMail.attemptsOf', { attempts: m.attempts, max: maxAttempts })}
                  </td>
                  <td className="px-3 py-2 break-words">
                    <code className="text-xs">{m.last_error ?? ''}</code>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {m.next_attempt_at ? dateTime(m.next_attempt_at) : t('platformMail.noNextAttempt')}
                  </td>
                  <td className="px-3 py-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="id" value={m.id} />
                      <Button
                        type="submit"
                        variant="secondary"
                        aria-label={t('platformMail.retryLabel', { to: m.to_address })}
                        pending={busyId === m.id}
                      >
                        {t('platformMail.retry')}
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
