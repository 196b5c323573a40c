/**
 * A bulk removal through the running server: POST /api/v1/organizations/{id}/remove-members with
 * `{ members: [...] }`, as the admin (session cookie, and Origin = the server's origin as the
 * API requires for every non-GET request). It changes the data, so it runs after the page loads.
 */
import { organizationState, removableMembers } from './database'
import { cpuTimeMs } from './load'

export interface BulkResult {
  /** Members asked to be removed. */
  items: number
  /** Their memberships in groups of the organization (rows the removal deletes besides the members). */
  groupMemberships: number
  /** Wall time of the request, sending to the last byte of the answer. */
  wallMs: number
  /** CPU time the server used meanwhile (10 ms resolution): unlike wall time, hardly affected by a busy machine. */
  serverCpuMs?: number
  status: number
  /** Per-item results: { SUCCESS: 1000 } when every item was removed. */
  results: Record<string, number>
  membersBefore: number
  membersAfter: number
  /** Groups of the organization whose member_count no longer equals their rows (must be 0). */
  groupsWithWrongCount: number
}

export async function bulkRemoval(
  baseUrl: string,
  cookie: string,
  serverPid: number,
  organizationId: string,
  n: number,
): Promise<BulkResult> {
  const { ids, groupMemberships } = await removableMembers(organizationId, n)
  if (ids.length < n) throw new Error(`only ${ids.length} removable members in the organization, ${n} wanted`)
  const before = await organizationState(organizationId)
  const cpuBefore = cpuTimeMs(serverPid)
  const started = performance.now()
  const res = await fetch(`${baseUrl}/api/v1/organizations/${organizationId}/remove-members`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, cookie },
    body: JSON.stringify({ members: ids }),
    redirect: 'manual',
  })
  const text = await res.text()
  const wallMs = performance.now() - started
  const cpuAfter = cpuTimeMs(serverPid)
  const results: Record<string, number> = {}
  if (res.ok) {
    for (const r of JSON.parse(text) as { _id: string; result: string }[]) results[r.result] = (results[r.result] ?? 0) + 1
  } else {
    throw new Error(`POST …/remove-members answered ${res.status}: ${text.slice(0, 200)}`)
  }
  const after = await organizationState(organizationId)
  return {
    items: ids.length,
    groupMemberships,
    wallMs,
    serverCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
    status: res.status,
    results,
    membersBefore: before.members,
    membersAfter: after.members,
    groupsWithWrongCount: after.groupsWithWrongCount,
  }
}
