import { Counter, register, type Metric } from 'prom-client'

/**
 * The app's Prometheus metrics (docs/operations.md#metrics), in prom-client's default registry,
 * which the server serves (server/metrics.ts): the server and the app's build load one copy of
 * prom-client. A metric is made once per process: a module loaded again (Vite in development)
 * takes the one already registered. The gauges read at each scrape: metrics-gauges.server.ts.
 */
export function once<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make()
}

/** Failed sign-ins: a wrong password or an unknown account (`credentials`), or refused while locked (`locked`). */
export const signInFailures = once(
  'auth_signin_failures_total',
  () =>
    new Counter({
      name: 'auth_signin_failures_total',
      help: 'Sign-ins refused, by reason (credentials, locked).',
      labelNames: ['reason'] as const,
    }),
)

/** Locks set by a failed sign-in, by limit (docs/auth.md): per account and client, per account, per client. */
export const signInLockouts = once(
  'auth_signin_lockouts_total',
  () =>
    new Counter({
      name: 'auth_signin_lockouts_total',
      help: 'Sign-in locks set by a failure, by limit (account_client, account, client).',
      labelNames: ['limit'] as const,
    }),
)

/** Queries that failed (any error the driver threw: constraint, syntax, lost connection). */
export const queryErrors = once(
  'db_query_errors_total',
  () => new Counter({ name: 'db_query_errors_total', help: 'Database queries that failed.' }),
)

/**
 * SCIM requests (docs/directory-sync.md) by resource type (`Users`, `Groups`, `ServiceProviderConfig`,
 * `ResourceTypes`, `Schemas`, `other`), operation (`list`, `get`, `create`, `replace`, `patch`,
 * `delete`, `other`) and status: never an id or a token.
 */
export const scimRequests = once(
  'scim_requests_total',
  () =>
    new Counter({
      name: 'scim_requests_total',
      help: 'SCIM requests to /scim/v2, by resource type, operation and status.',
      labelNames: ['resource', 'operation', 'status'] as const,
    }),
)

/** SCIM requests refused by a token's rate limit (429, SCIM_REQUESTS_PER_MINUTE). */
export const scimRateLimited = once(
  'scim_rate_limited_total',
  () => new Counter({ name: 'scim_rate_limited_total', help: "SCIM requests answered 429 by a directory token's rate limit." }),
)
