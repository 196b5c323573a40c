import type { DB } from '~/db/db.server'
import type { CollaboratorAccess } from '~/db/schema'
import { createAlert } from '~/services/alerts/alerts.server'
import { searchColumns } from '~/services/library/search'
import { hashSecret, newId, newSecret, nowIso } from '~/utils/ids.server'

/**
 * The library's demo data (spec section 2, "/library"): a few packages per demo user with roles and tasks, shared
 * between them (Erik edits one of Astrid's, Emma views one of Erik's), one package shared by a
 * link, and one pending invitation to emma@example.se (with its alert). Idempotent: nothing is
 * written once Astrid owns a package.
 */
interface DemoPackage {
  owner: string
  name: string
  description: string
  language: 'sv' | 'en'
  tags: string[]
  status?: 'draft' | 'published'
  roles: { name: string; description: string; tasks: [title: string, kind: string, day: number | null, instructions?: string][] }[]
  collaborators?: { email: string; access: CollaboratorAccess }[]
  link?: boolean
  invite?: { email: string; access: CollaboratorAccess }
}

const PACKAGES: DemoPackage[] = [
  {
    owner: 'admin@example.se',
    name: 'Skolstart i årskurs 7',
    description: 'De första två veckorna för en ny sjundeklass: mentorer, elever och vårdnadshavare.',
    language: 'sv',
    tags: ['skolstart', 'mentor', 'åk 7'],
    collaborators: [{ email: 'erik@example.se', access: 'edit' }],
    roles: [
      {
        name: 'Mentor',
        description: 'Leder klassen de första veckorna.',
        tasks: [
          ['Välkomstsamtal med varje elev', 'meeting', 1, 'Boka 15 minuter per elev. Mall: https://example.se/valkomstsamtal'],
          ['Gå igenom ordningsreglerna', 'task', 2],
          ['Skicka veckobrev till vårdnadshavare', 'task', 5],
        ],
      },
      {
        name: 'Elev',
        description: '',
        tasks: [
          ['Läs elevhandboken', 'reading', 1],
          ['Skriv tre mål för terminen', 'reflection', 7],
        ],
      },
      { name: 'Vårdnadshavare', description: '', tasks: [['Fyll i kontaktuppgifter', 'task', 3]] },
    ],
  },
  {
    owner: 'admin@example.se',
    name: 'Föräldramöte',
    description: 'Planering och uppföljning av terminens föräldramöte.',
    language: 'sv',
    tags: ['föräldrar'],
    invite: { email: 'emma@example.se', access: 'view' },
    roles: [
      {
        name: 'Arrangör',
        description: '',
        tasks: [
          ['Boka lokal', 'task', -14],
          ['Skicka inbjudan', 'task', -10],
          ['Skriv minnesanteckningar', 'assignment', 1],
        ],
      },
      { name: 'Deltagare', description: '', tasks: [['Anmäl dig', 'task', -3]] },
    ],
  },
  {
    owner: 'admin@example.se',
    name: 'Utvecklingssamtal (utkast)',
    description: 'Ännu inte klar.',
    language: 'sv',
    tags: [],
    status: 'draft',
    roles: [{ name: 'Lärare', description: '', tasks: [['Förbered underlag', 'task', -7]] }],
  },
  {
    owner: 'erik@example.se',
    name: 'Friluftsdag',
    description: 'En dag i skogen: packlista, grupper och säkerhet.',
    language: 'sv',
    tags: ['friluftsliv', 'idrott'],
    collaborators: [{ email: 'emma@example.se', access: 'view' }],
    link: true,
    roles: [
      {
        name: 'Ledare',
        description: 'Ansvarar för en grupp.',
        tasks: [
          ['Gå igenom säkerhetsrutinen', 'reading', -2],
          ['Dela in grupper', 'task', -1],
        ],
      },
      {
        name: 'Deltagare',
        description: '',
        tasks: [
          ['Packa enligt packlistan', 'task', -1, 'Packlista: https://example.se/packlista'],
          ['Skriv en rad om dagen', 'reflection', 1],
        ],
      },
    ],
  },
  {
    owner: 'erik@example.se',
    name: 'Programmering för nybörjare',
    description: 'Sex veckor med Python, en uppgift i veckan.',
    language: 'sv',
    tags: ['programmering', 'teknik'],
    roles: [
      { name: 'Handledare', description: '', tasks: [['Förbered datorerna', 'task', -3]] },
      {
        name: 'Elev',
        description: '',
        tasks: Array.from({ length: 6 }, (_, i) => [`Vecka ${i + 1}: uppgift`, 'assignment', i * 7] as [string, string, number]),
      },
    ],
  },
  {
    owner: 'emma@example.se',
    name: 'Welcome week for exchange students',
    description: 'Everything an exchange student needs in the first week.',
    language: 'en',
    tags: ['exchange', 'welcome'],
    roles: [
      {
        name: 'Buddy',
        description: 'A student who shows the newcomer around.',
        tasks: [
          ['Meet your exchange student', 'meeting', 0],
          ['Show the campus', 'task', 1],
        ],
      },
      {
        name: 'Exchange student',
        description: '',
        tasks: [
          ['Read the welcome guide', 'reading', 0],
          ['Register for courses', 'task', 2],
        ],
      },
    ],
  },
]

/** Writes the demo library; returns a line for the seed's report (with the demo share link), or null if it exists. */
export async function seedLibrary(db: DB): Promise<string | null> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@example.se', 'erik@example.se', 'emma@example.se'])
    .execute()
  const idOf = new Map(users.map((u) => [u.email, u.id]))
  const adminId = idOf.get('admin@example.se')
  if (!adminId || idOf.size < 3) throw new Error('The demo users must exist before the demo library')
  if (await db.selectFrom('packages').select('id').where('owner_id', '=', adminId).executeTakeFirst()) return null
  let link = ''
  const start = Date.now() - 30 * 86_400_000
  await db.transaction().execute(async (trx) => {
    for (const [n, p] of PACKAGES.entries()) {
      const id = newId()
      const at = nowIso(new Date(start + n * 86_400_000))
      const ownerId = idOf.get(p.owner)!
      const entityCount = p.roles.reduce((sum, r) => sum + r.tasks.length, 0)
      await trx
        .insertInto('packages')
        .values({
          id,
          owner_id: ownerId,
          name: p.name,
          description: p.description,
          language: p.language,
          tags: JSON.stringify(p.tags),
          ...searchColumns(p),
          status: p.status ?? 'published',
          version: 1,
          role_count: p.roles.length,
          entity_count: entityCount,
          created_at: at,
          updated_at: at,
          published_at: p.status === 'draft' ? null : at,
        })
        .execute()
      let position = 0
      for (const [ri, role] of p.roles.entries()) {
        const roleId = newId()
        await trx
          .insertInto('package_roles')
          .values({ id: roleId, package_id: id, name: role.name, description: role.description, position: ri })
          .execute()
        for (const [title, kind, day, instructions] of role.tasks) {
          await trx
            .insertInto('package_entities')
            .values({
              id: newId(),
              package_id: id,
              role_id: roleId,
              title,
              instructions: instructions ?? '',
              kind,
              day_offset: day,
              position: position++,
            })
            .execute()
        }
      }
      for (const c of p.collaborators ?? []) {
        await trx
          .insertInto('package_collaborators')
          .values({ package_id: id, user_id: idOf.get(c.email)!, access: c.access, created_at: at })
          .execute()
      }
      if (p.link) {
        const token = newSecret()
        await trx
          .insertInto('package_share_links')
          .values({
            id: newId(),
            package_id: id,
            token_hash: hashSecret(token),
            created_by: ownerId,
            created_at: at,
            expires_at: null,
            last_used_at: null,
            revoked_at: null,
          })
          .execute()
        link = `/library/packages/accept-share-link?token=${token}`
      }
      if (p.invite) {
        const invitationId = newId()
        const inviteeId = idOf.get(p.invite.email) ?? null
        await trx
          .insertInto('package_invitations')
          .values({
            id: invitationId,
            package_id: id,
            email: p.invite.email,
            access: p.invite.access,
            invited_by: ownerId,
            user_id: inviteeId,
            status: 'pending',
            created_at: at,
            sent_at: at,
            responded_at: null,
          })
          .execute()
        if (inviteeId) {
          await createAlert(
            trx,
            {
              userId: inviteeId,
              template: 'package.invitation.new',
              actorId: ownerId,
              target: { type: 'package', id },
              data: { packageName: p.name, access: p.invite.access, invitationId },
            },
            new Date(at),
          )
        }
      }
    }
  })
  return `Library: ${PACKAGES.length} packages, a pending invitation to emma@example.se, share link ${link}`
}
