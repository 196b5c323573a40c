import type { Locale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { cookiesFrom } from './factories'

/** The toast a redirect sets, with its text as the server renders it in `locale` (the toaster shows that text). */
export async function toastOf(headers: Headers, locale: Locale = 'sv') {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  return toast && { ...toast, text: tFor(locale)(toast.key, toast.values) as string }
}
