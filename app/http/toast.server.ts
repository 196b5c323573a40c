import { createCookie, redirect } from '@remix-run/node'
import type { TFunction } from 'i18next'
import { z } from 'zod'
import { env, isSecureOrigin } from '~/env.server'
import type { ToastData } from '~/ui/toaster'

/** A one-time message shown after a redirect: a translation key, its values and a tone. */
const ToastSchema = z.object({
  key: z.string(),
  values: z.record(z.string()).optional(),
  type: z.enum(['success', 'error', 'info']).default('success'),
  /** A bulk result's items by name (bulkToast): the failed ones by error code, and the first that succeeded. */
  items: z
    .object({
      failed: z.record(z.array(z.string())),
      moreFailed: z.number(),
      done: z.array(z.string()),
      moreDone: z.number(),
    })
    .optional(),
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

/** Names of succeeded items a bulk toast shows before "and N more". */
export const DONE_NAMES = 10
/**
 * What a bulk toast's names may take of its cookie, in bytes of JSON: a cookie holds about 4 KB,
 * and this one is base64-encoded, signed and URL-encoded (about 1.45 times its JSON). That is
 * some 40 failed items of usual names; those past it are counted ("and N more").
 */
const NAMES_BUDGET = 2200
const NAME_CHARS = 80

type ItemResultWithEmail = { _id: string; result: string; email?: string }

/**
 * The toast of a bulk result (per-item results, in the order asked): `done` with succeeded/total
 * (and `count`, the total, for the plural) when every item succeeded, else `partial`, an error
 * toast. Either names the items (`names`: by id, read before the action; an item without one is
 * named by the address it was asked by, or left unnamed): every failed item with its code, as many
 * as the cookie holds, and the first DONE_NAMES that succeeded; the rest are counted. `extra`
 * values go to the message too (e.g. the created group's name).
 */
export function bulkToast(
  results: ItemResultWithEmail[],
  keys: { done: string; partial: string },
  names: ReadonlyMap<string, string> = new Map(),
  extra: Record<string, string> = {},
): Toast {
  const succeeded = results.filter((r) => r.result === 'SUCCESS')
  const failed = results.filter((r) => r.result !== 'SUCCESS')
  const values = { ...extra, succeeded: String(succeeded.length), total: String(results.length), count: String(results.length) }
  const nameOf = (r: ItemResultWithEmail) => (names.get(r._id) ?? r.email ?? '').slice(0, NAME_CHARS)
  const items = { failed: {} as Record<string, string[]>, moreFailed: 0, done: [] as string[], moreDone: 0 }
  let size = 0
  /** Takes `bytes` of the budget if they fit. */
  const fits = (bytes: number) => (size + bytes <= NAMES_BUDGET ? ((size += bytes), true) : false)
  for (const r of failed) {
    const name = nameOf(r)
    if (fits(Buffer.byteLength(name) + (items.failed[r.result] ? 3 : r.result.length + 8))) (items.failed[r.result] ??= []).push(name)
    else items.moreFailed++
  }
  for (const r of succeeded) {
    const name = nameOf(r)
    if (name && items.done.length < DONE_NAMES && fits(Buffer.byteLength(name) + 3)) items.done.push(name)
    else items.moreDone++
  }
  return failed.length ? { key: keys.partial, values, type: 'error', items } : { key: keys.done, values, type: 'success', items }
}

/**
 * The toast as the page shows it, in the page's language: its message, and for a bulk result a
 * line per failed item ("Name: the error"), "and N more", and the names of those that succeeded.
 */
export function translateToast(t: TFunction, toast: Toast): ToastData {
  const { items, ...rest } = toast
  // A cookie's values are strings; `count` chooses the plural form only as a number.
  const count = toast.values?.count
  const text = t(toast.key, count === undefined ? toast.values : { ...toast.values, count: Number(count) })
  if (!items) return { ...rest, text }
  const unnamed = t('bulk.unnamed')
  const failed = Object.entries(items.failed).flatMap(([code, names]) => {
    const message = t(`errors.${code}`, { defaultValue: code })
    return names.map((name) => t('bulk.failedItem', { name: name || unnamed, message }))
  })
  if (items.moreFailed) failed.push(t('bulk.moreFailed', { count: items.moreFailed }))
  const done = items.done.length
    ? items.moreDone
      ? t('bulk.doneNamesMore', { names: items.done.join(', '), count: items.moreDone })
      : t('bulk.doneNames', { names: items.done.join(', ') })
    : undefined
  return { ...rest, text, ...(failed.length ? { failed } : {}), ...(done ? { done } : {}) }
}
