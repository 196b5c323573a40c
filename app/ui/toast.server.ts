import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { env, isSecureOrigin } from '~/env.server'

/** A one-time message shown after a redirect: a translation key, its values and a tone. */
const ToastSchema = z.object({
  key: z.string(),
  values: z.record(z.string()).optional(),
  type: z.enum(['success', 'error', 'info']).default('success'),
})
export type Toast = z.infer<typeof ToastSchema>

const toastCookie = createCookie('toast', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: isSecureOrigin(),
  maxAge: 60,
  secrets: env().SESSION_SECRETS,
})

export async function toastHeader(toast: z.input<typeof ToastSchema>) {
  return toastCookie.serialize(ToastSchema.parse(toast))
}

/** Redirects and shows the toast on the next page; extra Set-Cookie headers may be given. */
export async function redirectWithToast(to: string, toast: z.input<typeof ToastSchema>, setCookies: string[] = []) {
  const headers = new Headers()
  for (const c of [...setCookies, await toastHeader(toast)]) headers.append('Set-Cookie', c)
  return redirect(to, { headers })
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request) {
  const raw = await toastCookie.parse(request.headers.get('Cookie'))
  // Most pages have no toast: nothing to validate (a failed parse builds error messages).
  if (raw === null || raw === undefined) return { toast: null, clear: null }
  const parsed = ToastSchema.safeParse(raw)
  if (!parsed.success) return { toast: null, clear: null }
  return { toast: parsed.data, clear: await toastCookie.serialize('', { maxAge: 0 }) }
}

/**
 * The toast of a bulk result (per-item results): `done` with succeeded/total when every item
 * succeeded, else `partial`, an error toast that also names the first non-success code (shown
 * translated as errors.<CODE>).
 */
export function bulkToast(results: { result: string }[], keys: { done: string; partial: string }): Toast {
  const values = { succeeded: String(results.filter((r) => r.result === 'SUCCESS').length), total: String(results.length) }
  const code = results.find((r) => r.result !== 'SUCCESS')?.result
  return code ? { key: keys.partial, values: { ...values, code }, type: 'error' } : { key: keys.done, values, type: 'success' }
}
