import { z } from 'zod'
import { CheckVersionSchema } from '~/services/platform/app-version.schemas'
import { TelemetryBatchSchema } from '~/services/platform/telemetry.schemas'
import { operation } from './openapi/operation'

/** What the browser reports: its build (is an update due?) and its web vitals and errors (docs/operations.md). */

const TAG = 'Client reports'

export const VersionCheckAnswer = z.object({ enforceUpdate: z.boolean(), recommendUpdate: z.boolean() }).strict()

export const clientReportOperations = [
  operation({
    method: 'post',
    path: '/api/app-report/check-version',
    tag: TAG,
    summary: 'Is an update of the page due?',
    access: 'public',
    body: CheckVersionSchema,
    ok: { status: 200, schema: VersionCheckAnswer, description: 'Whether to reload.' },
  }),
  operation({
    method: 'post',
    path: '/api/telemetry',
    tag: TAG,
    summary: 'Report web vitals and errors',
    description:
      'JSON, or JSON as text/plain (navigator.sendBeacon), at most 64 KiB. Anyone may send, rate-limited per client; a user who opted out gets 403.',
    access: 'optional-session',
    body: TelemetryBatchSchema,
    ok: { status: 204, schema: null, description: 'Stored.' },
    errors: ['FORBIDDEN', 'TOO_MANY_ATTEMPTS'],
  }),
]
