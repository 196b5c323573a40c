import { runScimConformance } from '../../scripts/scim-conformance'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld } from '../support/e2e/orgs'

/*
 * The SCIM conformance run (scripts/scim-conformance.ts, docs/testing.md) against the production
 * build Playwright serves: an admin makes a directory token through the API, then a whole Entra ID
 * provisioning cycle and a Google Workspace-style pass go through /scim/v2, and the organization
 * is read back from the database (members, directory groups, audit, last errors).
 */

test('a whole Entra ID and Google Workspace provisioning cycle through /scim/v2 leaves the organization as the directory says', async ({
  request,
  baseURL,
}) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  expect((await request.post('/api/v2/signin', { data: { email: admin.email, password: admin.password } })).status()).toBe(200)
  const made = await request.post(`/api/v1/organizations/${org.id}/scim-tokens`, { data: { name: `Entra ID ${tag}` } })
  expect(made.status()).toBe(201)
  const { id: tokenId, token } = (await made.json()) as { id: string; token: string }

  const db = appDb()
  const report = await runScimConformance({
    baseUrl: baseURL!,
    token,
    tag,
    ownerEmail: admin.email,
    organization: {
      members: async () =>
        db
          .prepare('select u.email, m.role from organization_members m join users u on u.id = m.user_id where m.organization_id = ?')
          .all(org.id) as { email: string; role: string }[],
      directoryGroups: async () => {
        const groups = db.prepare('select id, name from groups where organization_id = ? and directory_managed = 1').all(org.id) as {
          id: string
          name: string
        }[]
        return groups.map((g) => ({
          name: g.name,
          members: (
            db.prepare('select u.email from group_members gm join users u on u.id = gm.user_id where gm.group_id = ?').all(g.id) as {
              email: string
            }[]
          ).map((r) => r.email),
        }))
      },
      directoryAudit: async () =>
        (
          db
            .prepare('select action from audit_log where organization_id = ? and directory_token_id = ? order by created_at, id')
            .all(org.id, tokenId) as { action: string }[]
        ).map((r) => r.action),
      lastErrors: async () => {
        const listed = (await (await request.get(`/api/v1/organizations/${org.id}/scim-tokens`)).json()) as {
          id: string
          lastErrors: { status: number; scimType: string | null; operation: string }[]
        }[]
        return listed.find((t) => t.id === tokenId)!.lastErrors.map((e) => `${e.status} ${e.scimType ?? '-'} ${e.operation}`)
      },
    },
  })
  expect(report.requests).toBeGreaterThan(40)
  test
    .info()
    .annotations.push({ type: 'scim', description: `${report.requests} requests, ${report.checks} checks, ${report.milliseconds} ms` })
})
