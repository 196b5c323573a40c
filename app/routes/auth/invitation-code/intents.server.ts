import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { safeRedirect } from '~/auth/schemas'
import { DomainError } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { RedeemCodeSchema } from '~/services/invitations/invitations.schemas'
import { dismissSignUpInvitation, previewSignUpInvitation, redeemSignUpInvitation } from '~/services/invitations/invitation-sign-up.server'
import {
  previewInvitationCode,
  redeemInvitationCode,
  type InvitationPreview,
  type RedeemResult,
} from '~/services/invitations/invitation-redemption.server'
import { builtPath } from '~/ui/layout/screens'
import { redirectWithToast } from '~/http/toast.server'

/** A failed code (spec section 8), with the retry time or the way to what the user is already in. */
export interface InvitationCodeError {
  code: string
  retryAt?: string
  redirectTo?: string
  name?: string
}

/**
 * The question the user answers before joining: what the code (typed, or from a link) or the
 * sign-up's waiting invitation (`pending`) would do.
 */
export type JoinConfirmation = InvitationPreview & ({ code: string; pending?: never } | { pending: true; code?: never })

/** The body of a catalogue error for the screen: its code and only the data the screen shows. */
export function codeErrorOf(error: DomainError): InvitationCodeError {
  const extra = error.data as Omit<InvitationCodeError, 'code'>
  const body: InvitationCodeError = { code: error.code }
  for (const key of ['retryAt', 'redirectTo', 'name'] as const) if (extra[key] !== undefined) body[key] = extra[key]
  return body
}

/** Runs a service; a DomainError becomes the error the screen shows, with its catalogue status. */
async function orCodeError<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: InvitationCodeError; status: number }> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { ok: false, error: codeErrorOf(error), status: error.status }
  }
}

/**
 * What GET /invitation-code shows, changing nothing: for a link's well-formed code, the
 * confirmation (or why the code does not work); else the sign-up's waiting invitation, if any.
 */
export async function confirmationFor(ctx: Ctx, code: string) {
  if (code) {
    const preview = await orCodeError(() => previewInvitationCode(ctx, code))
    return preview.ok
      ? { confirm: { ...preview.value, code } satisfies JoinConfirmation, error: null, pendingFailed: false, status: 200 }
      : { confirm: null, error: preview.error, pendingFailed: false, status: preview.status }
  }
  const pending = await orCodeError(() => previewSignUpInvitation(ctx))
  if (!pending.ok) return { confirm: null, error: pending.error, pendingFailed: true, status: pending.status }
  const confirm: JoinConfirmation | null = pending.value ? { ...pending.value, pending: true } : null
  return { confirm, error: null, pendingFailed: false, status: 200 }
}

/** Where a redeemed code leads (a screen not built yet: the feed), with the welcome toast. */
const welcome = ({ redirectTo, name }: RedeemResult) =>
  redirectWithToast(builtPath(safeRedirect(redirectTo)) ?? '/', { key: 'invitationCode.success', values: { name } })

interface IntentArgs {
  ctx: Ctx
  form: FormData
}

/** The typed code: nothing is joined yet, the page asks (or says why the code does not work). */
async function preview({ ctx, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: RedeemCodeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null, confirm: null }, { status: 400 })
  const code = submission.value.code
  const outcome = await orCodeError(() => previewInvitationCode(ctx, code))
  if (!outcome.ok) return data({ result: submission.reply(), error: outcome.error, confirm: null }, { status: outcome.status })
  const confirm: JoinConfirmation = { ...outcome.value, code }
  return data({ result: submission.reply(), error: null, confirm })
}

/** The confirmation's button for a code: joins. */
async function join({ ctx, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: RedeemCodeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null, confirm: null }, { status: 400 })
  const outcome = await orCodeError(() => redeemInvitationCode(ctx, submission.value.code))
  if (!outcome.ok) return data({ result: submission.reply(), error: outcome.error, confirm: null }, { status: outcome.status })
  return welcome(outcome.value)
}

/** The confirmation's button for the sign-up's waiting invitation: joins. */
async function joinPending({ ctx }: IntentArgs) {
  const outcome = await orCodeError(() => redeemSignUpInvitation(ctx))
  if (!outcome.ok) return data({ result: undefined, error: outcome.error, confirm: null }, { status: outcome.status })
  return welcome(outcome.value)
}

/** "Not now" to the sign-up's waiting invitation (the code in the email still works). */
async function dismissPending({ ctx }: IntentArgs) {
  await dismissSignUpInvitation(ctx)
  return redirectWithToast('/', { key: 'invitationCode.dismissed', type: 'info' })
}

/** The forms of the screen by their `intent`; a form without one is the typed code. */
export const INTENTS = { preview, join, 'join-pending': joinPending, 'dismiss-pending': dismissPending }
