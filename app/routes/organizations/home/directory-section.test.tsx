import { describe, expect, it } from 'vitest'
import { ctxFor } from '~/services/context.server'
import { recordDirectoryError } from '~/services/directory/errors.server'
import { ScimError } from '~/services/directory/scim-error'
import { getDirectorySync } from '~/services/directory/settings.server'
import { createDirectoryToken } from '~/services/directory/tokens.server'
import { db } from '~/db/db.server'
import { createUser } from '../../../../tests/support/factories'
import { createOrganization } from '../../../../tests/support/org-factories'
import { renderHtml, textOf } from '../../../../tests/support/render'
import { DirectorySection } from './directory-section'

/** The Directory sync section's last errors, as the server renders them. */
describe('the Directory sync section', () => {
  it("lists the sync's last errors, newest first, with the token, status, scimType, operation and detail, in both languages and the admin's timezone", async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const { id: tokenId } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
    const empty = await getDirectorySync(ctxFor(admin), org.id)
    const none = textOf(await renderHtml(<DirectorySection sync={empty} scimUrl="https://groups.example.se/scim/v2" />, 'sv'))
    expect(none).toContain('Senaste felen Inga fel.')

    const at = (iso: string) => new Date(iso)
    await recordDirectoryError(db(), {
      organizationId: org.id,
      tokenId,
      method: 'POST',
      path: '/Users',
      error: new ScimError(409, 'userName a@example.se is taken', 'uniqueness'),
      now: at('2026-03-02T08:00:00Z'),
    })
    await recordDirectoryError(db(), {
      organizationId: org.id,
      tokenId,
      method: 'PATCH',
      path: '/Groups/g1',
      error: new ScimError(409, 'IS_GROUP_OWNER'),
      now: at('2026-03-02T09:30:00Z'),
    })
    const sync = await getDirectorySync(ctxFor(admin), org.id)
    const render = (locale: 'sv' | 'en', timezone: string) =>
      renderHtml(<DirectorySection sync={sync} scimUrl="https://groups.example.se/scim/v2" />, locale, 'http://localhost/', {
        timezone,
        user: { id: admin.id } as never,
      })
    const en = await render('en', 'America/New_York')
    const list = textOf(/<ol[^>]*data-testid="directory-errors"[^>]*>(.*?)<\/ol>/s.exec(en)![1])
    // Newest first; 09:30 UTC is 04:30 in New York in March (before daylight saving time).
    expect(list).toBe(
      '2 Mar 2026, 04:30 · Token: Entra ID Status 409 PATCH /Groups/g1 IS_GROUP_OWNER 2 Mar 2026, 03:00 · Token: Entra ID Status 409 (uniqueness) POST /Users userName a@example.se is taken',
    )
    expect(textOf(en)).toContain('Last errors Requests of the directory that failed, newest first (the last 20 are kept).')
    const sv = textOf(await render('sv', 'Europe/Stockholm'))
    expect(sv).toContain('Senaste felen Katalogens anrop som misslyckades')
    expect(sv).toContain('2 mars 2026 10:30 · Token: Entra ID Status 409 PATCH /Groups/g1')
  })
})
