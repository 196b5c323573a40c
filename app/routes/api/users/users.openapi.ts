import { z } from 'zod'
import { ALERT_TEMPLATES } from '~/services/alerts/alert-templates'
import { EmailChangePayload, NamePayload, NotificationsPayload, PreferencesPayload } from '~/services/profile/profile.schemas'
import { CurrentUserAnswer } from '../auth.openapi'
import { operation, UserParams } from '../openapi/operation'

/** The user's own profile and preferences (docs/profile.md). Another user's id is 404 USER_NOT_FOUND. */

const TAG = 'Profile'

export const NameAnswer = z.object({ name: z.string() }).strict()
export const EmailChangeAnswer = z
  .object({ email: z.string(), pending: z.boolean().openapi({ description: 'true: a confirmation link went to the new address.' }) })
  .strict()
export const PreferencesAnswer = CurrentUserAnswer.shape.preferences.openapi('Preferences')
export const NotificationsAnswer = z.object({ unsubscribedTemplates: z.array(z.enum(ALERT_TEMPLATES)) }).strict()

export const userOperations = [
  operation({
    method: 'put',
    path: '/api/users/{userId}/name',
    tag: TAG,
    summary: 'Change your name',
    access: 'session',
    params: UserParams,
    body: NamePayload,
    ok: { status: 200, schema: NameAnswer, description: 'The name as saved.' },
    errors: ['USER_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/users/{userId}/email',
    tag: TAG,
    summary: 'Change your email address',
    description: 'Sends a confirmation link to the new address; the address changes when it is followed.',
    access: 'session',
    params: UserParams,
    body: EmailChangePayload,
    ok: { status: 200, schema: EmailChangeAnswer, description: 'The link is on its way.' },
    errors: ['USER_NOT_FOUND', 'WRONG_PASSWORD', 'EMAIL_TAKEN', 'TOO_MANY_ATTEMPTS'],
  }),
  operation({
    method: 'put',
    path: '/api/v2/users/{userId}/preferences',
    tag: TAG,
    summary: 'Change your preferences',
    description: 'Any of locale, timezone and autoSignout.',
    access: 'session',
    params: UserParams,
    body: PreferencesPayload,
    ok: { status: 200, schema: PreferencesAnswer, description: 'The preferences as saved.' },
    errors: ['USER_NOT_FOUND'],
  }),
  operation({
    method: 'put',
    path: '/api/v1/users/{userId}/preferences/notifications',
    tag: TAG,
    summary: 'Choose the notification emails you get',
    access: 'session',
    params: UserParams,
    body: NotificationsPayload,
    ok: { status: 200, schema: NotificationsAnswer, description: 'The list as saved.' },
    errors: ['USER_NOT_FOUND'],
  }),
]
