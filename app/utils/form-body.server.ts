import { DomainError, errorResponse, methodNotAllowed } from '~/errors'
import { PAGE_SIZE } from './list-query'
import { mediaTypeOf, readBodyText } from './request-body.server'
import { FORM_MEDIA_TYPE, MAX_BODY_BYTES, PAGE_METHODS } from './request-rules'

/**
 * Every form action reads its form through `readForm`: only POST, only a URL-encoded body (what
 * browsers send, and what Remix sends for a <Form> with JavaScript), and within limits that keep
 * the work of a request small and linear in its size. Parsing a form with conform copies a
 * name's list of values for every repeat of that name, so one field repeated 60,000 times kept the
 * server busy for ~30 s; the limits below refuse such a body after one pass over its text.
 * Refusals are thrown as the catalogue's answer (`{ message: CODE }` with its status), which a
 * page shows as its error screen.
 */

/**
 * The most fields one form may post. The largest form is the change-owners form: three fields
 * for each of at most MAX_OWNER_CHANGE_ROWS (200) groups.
 */
export const MAX_FORM_FIELDS = 1000

/**
 * The most values one name may have, unless the form allows more (`FormLimits.repeats`). A form
 * posts each name once; a checkbox with a hidden fallback twice.
 */
export const MAX_REPEATS = 10

export interface FormLimits {
  /** The most values these names may have (instead of MAX_REPEATS). */
  repeats?: Readonly<Record<string, number>>
  /** The most fields of this form (instead of MAX_FORM_FIELDS), for a form that lists many rows. */
  fields?: number
}

/**
 * A bulk form posts the checked rows of one page as `ids` (PAGE_SIZE at most); "all N matching"
 * posts the list's filter instead (`scope=matching`), and the confirmation step its page again.
 */
export const BULK_FORM: FormLimits = { repeats: { ids: PAGE_SIZE } }

/**
 * A field name as our forms write them, which conform turns into a path: `email`,
 * `contact.phone`, `changes[3].groupId`. Anything else (conform's reserved names, `__proto__`,
 * brackets it cannot read, an index past the most fields a form may have) is refused.
 */
const FIELD_NAME = /^[A-Za-z_][\w-]*(?:\[\d{1,4}\]|\.[A-Za-z_][\w-]*)*$/
const FORBIDDEN_SEGMENT = /(?:^|[.[])(?:__proto__|constructor|prototype|__intent__|__state__)(?:$|[.[])/

export function isFieldName(name: string) {
  if (name.length > 200 || !FIELD_NAME.test(name) || FORBIDDEN_SEGMENT.test(name)) return false
  for (const match of name.matchAll(/\[(\d+)\]/g)) if (Number(match[1]) >= MAX_FORM_FIELDS) return false
  return true
}

/** The number of fields in a URL-encoded body: its non-empty `&`-separated parts, in one pass. */
export function countFields(text: string): number {
  let count = 0
  let start = 0
  for (;;) {
    const end = text.indexOf('&', start)
    const stop = end === -1 ? text.length : end
    if (stop > start) count++
    if (end === -1) return count
    start = end + 1
  }
}

const repeatsOf = ({ repeats }: FormLimits, name: string) => (repeats && Object.hasOwn(repeats, name) ? repeats[name] : MAX_REPEATS)

/**
 * The posted form, checked: 405 (with Allow) for a method other than POST, 415 for a body that is
 * not URL-encoded, 413 for a body over MAX_BODY_BYTES, more than MAX_FORM_FIELDS fields or a name
 * repeated more often than allowed, 400 for a field name that is not one (see FIELD_NAME). An
 * empty body is an empty form whatever its type. Linear in the size of the body.
 */
export async function readForm(request: Request, limits: FormLimits = {}): Promise<FormData> {
  if (request.method !== 'POST') throw methodNotAllowed(PAGE_METHODS)
  let text: string
  try {
    text = await readBodyText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof DomainError) throw errorResponse(error.code)
    throw error
  }
  const form = new FormData()
  if (text === '') return form
  if (mediaTypeOf(request) !== FORM_MEDIA_TYPE) throw errorResponse('UNSUPPORTED_MEDIA_TYPE')
  if (countFields(text) > (limits.fields ?? MAX_FORM_FIELDS)) throw errorResponse('PAYLOAD_TOO_LARGE')
  const counts = new Map<string, number>()
  for (const [name, value] of new URLSearchParams(text)) {
    if (!isFieldName(name)) throw errorResponse('BAD_REQUEST')
    const count = (counts.get(name) ?? 0) + 1
    if (count > repeatsOf(limits, name)) throw errorResponse('PAYLOAD_TOO_LARGE')
    counts.set(name, count)
    form.append(name, value)
  }
  return form
}
