import { data } from '@remix-run/node'
import { env } from '~/env.server'
import { DomainError, type ErrorCode } from '~/errors'
import { CreateShareLinkSchema, InviteCollaboratorSchema } from '~/services/library/packages.schemas'
import { changeCollaboratorAccess, handOverPackage, removeCollaborator } from '~/services/library/collaborators.server'
import { createShareLink, revokeShareLink } from '~/services/library/share-links.server'
import { inviteCollaborator, resendInvitation, revokeInvitation } from '~/services/library/collaborator-invitations.server'
import { packageSharing } from '~/services/library/sharing.server'
import { redirectWithToast } from '~/http/toast.server'
import type { PendingConfirmation } from '../action-form'
import { libraryPaths } from '../paths'
import { fieldErrorsOf } from './form-errors'
import { newLinkHeader } from './new-link.server'
import type { WizardArgs } from './wizard-args'

/**
 * Step 4's forms (spec section 2, "/library": edit step 4, sharing), one handler each; the service lets only the owner change
 * sharing. Destructive ones (remove, revoke, hand over) ask for confirmed=1 first.
 */
export type SharingActionData =
  | { intent: 'invite'; errors: Record<string, string[]>; typed: { email: string; access: string } }
  | { intent: 'create-link'; errors: Record<string, string[]> }
  | { intent: 'confirm'; confirm: PendingConfirmation }

const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '')
const reply = (body: SharingActionData, status = 200) => data(body, { status })

/** The confirmation step of a destructive intent, when it was posted without confirmed=1. */
const needsConfirming = (form: FormData) => form.get('confirmed') !== '1'

/** The invitation's refusals shown beside its email field: already shared, or the package's cap on pending invitations. */
const INVITE_ERRORS: Partial<Record<ErrorCode, string>> = {
  PACKAGE_ALREADY_SHARED: 'errors.PACKAGE_ALREADY_SHARED',
  PACKAGE_LIMIT_EXCEEDED: 'library.errors.tooManyInvitations',
}

async function invite({ ctx, pid, form, here }: WizardArgs) {
  const typed = { email: str(form.get('email')), access: str(form.get('access')) }
  const parsed = InviteCollaboratorSchema.safeParse({ packageId: pid, ...typed })
  if (!parsed.success) return reply({ intent: 'invite', errors: fieldErrorsOf(parsed.error), typed }, 400)
  try {
    const invitation = await inviteCollaborator(ctx, parsed.data)
    const key = !invitation.alreadyInvited
      ? 'library.wizard.sharing.invited'
      : invitation.resent
        ? 'library.wizard.sharing.alreadyInvited'
        : 'library.wizard.sharing.alreadyInvitedJustNow'
    return redirectWithToast(here, { key, values: { email: invitation.email } })
  } catch (error) {
    const message = error instanceof DomainError ? INVITE_ERRORS[error.code] : undefined
    if (!message) throw error
    return reply({ intent: 'invite', errors: { email: [message] }, typed }, (error as DomainError).status)
  }
}

async function resend({ ctx, pid, form, here }: WizardArgs) {
  const invitation = await resendInvitation(ctx, { packageId: pid!, invitationId: str(form.get('invitationId')) })
  return redirectWithToast(here, { key: 'library.wizard.sharing.resent', values: { email: invitation.email } })
}

async function revokeInvite({ ctx, pid, form, here }: WizardArgs) {
  const invitationId = str(form.get('invitationId'))
  if (needsConfirming(form)) {
    const sharing = await packageSharing(ctx, pid!)
    const email = sharing.invitations.find((i) => i.id === invitationId)?.email
    if (!email) throw new DomainError('PACKAGE_INVITATION_NOT_FOUND')
    return confirmStep('revoke-invitation', { invitationId }, 'revokeInvitation', { email })
  }
  await revokeInvitation(ctx, { packageId: pid!, invitationId })
  return redirectWithToast(here, { key: 'library.wizard.sharing.revoked' })
}

async function changeAccess({ ctx, pid, form, here }: WizardArgs) {
  const access = str(form.get('access')) === 'edit' ? 'edit' : 'view'
  await changeCollaboratorAccess(ctx, { packageId: pid!, userId: str(form.get('userId')), access })
  return redirectWithToast(here, { key: 'library.wizard.toast.saved' })
}

async function remove({ ctx, pid, form, here }: WizardArgs) {
  const userId = str(form.get('userId'))
  if (needsConfirming(form)) {
    const person = (await packageSharing(ctx, pid!)).collaborators.find((c) => c.id === userId)
    if (!person) throw new DomainError('PACKAGE_COLLABORATOR_NOT_FOUND')
    return confirmStep('remove-collaborator', { userId }, 'remove', { name: person.name })
  }
  await removeCollaborator(ctx, { packageId: pid!, userId })
  return redirectWithToast(here, { key: 'library.wizard.sharing.removed' })
}

async function createLink({ ctx, pid, form, here }: WizardArgs) {
  const input = { packageId: pid!, expiresAt: str(form.get('expiresAt')) || undefined }
  const parsed = CreateShareLinkSchema.safeParse(input)
  if (!parsed.success) return reply({ intent: 'create-link', errors: fieldErrorsOf(parsed.error) }, 400)
  const { token } = await createShareLink(ctx, input)
  const url = `${env().APP_URL}${libraryPaths.acceptShareLink(token)}`
  return redirectWithToast(here, { key: 'library.wizard.sharing.linkCreated' }, [await newLinkHeader(pid!, url)])
}

async function revokeLink({ ctx, pid, form, here }: WizardArgs) {
  const linkId = str(form.get('linkId'))
  if (needsConfirming(form)) return confirmStep('revoke-link', { linkId }, 'revokeLink', {})
  await revokeShareLink(ctx, { packageId: pid!, linkId })
  return redirectWithToast(here, { key: 'library.wizard.sharing.revoked' })
}

async function handOver({ ctx, pid, form }: WizardArgs) {
  const userId = str(form.get('userId'))
  const person = (await packageSharing(ctx, pid!)).collaborators.find((c) => c.id === userId)
  if (!person || person.access !== 'edit') throw new DomainError('PACKAGE_HANDOVER_NOT_EDITOR')
  if (needsConfirming(form)) {
    return reply({
      intent: 'confirm',
      confirm: {
        intent: 'hand-over',
        fields: { userId },
        title: 'library.wizard.sharing.handOver.confirmTitle',
        body: 'library.wizard.sharing.handOver.confirmBody',
        action: 'library.wizard.sharing.handOver.confirm',
        values: { name: person.name },
      },
    })
  }
  await handOverPackage(ctx, { packageId: pid!, userId })
  return redirectWithToast(libraryPaths.view(pid!), { key: 'library.wizard.sharing.handOver.done', values: { name: person.name } })
}

function confirmStep(intent: string, fields: Record<string, string>, name: string, values: Record<string, string>) {
  const key = `library.wizard.sharing.${name}`
  return reply({
    intent: 'confirm',
    confirm: {
      intent,
      fields,
      title: `${key}Title`,
      body: `${key}Body`,
      action: name === 'remove' ? `${key}Collaborator` : 'library.wizard.sharing.revoke',
      values,
    },
  })
}

export const SHARING_INTENTS = {
  invite,
  'resend-invitation': resend,
  'revoke-invitation': revokeInvite,
  'change-access': changeAccess,
  'remove-collaborator': remove,
  'create-link': createLink,
  'revoke-link': revokeLink,
  'hand-over': handOver,
}
