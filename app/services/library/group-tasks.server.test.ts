import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage } from '../../../tests/support/library-factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { publishAllDrafts } from '../group-work/task-editing.server'
import { listTasks } from '../group-work/tasks.server'
import { createGroupFromPackage, organizationsForPackageGroups } from './group-tasks.server'
import { deletePackage, saveBasics } from './packages.server'

const ctx = (actor: User) => ctxFor(actor)

async function setup() {
  const admin = await createUser({ name: 'Alma Admin' })
  const creator = await createUser({ name: 'Greta Creator' })
  const leader = await createUser({ name: 'Lars Leader' })
  const member = await createUser({ name: 'Maja Member' })
  const outsider = await createUser({ name: 'Ola Outsider' })
  const org = await createOrganization({
    name: 'Östra skolan',
    adminIds: [admin.id],
    groupCreatorIds: [creator.id],
    memberIds: [leader.id, member.id],
  })
  await createOrganization({ name: 'Avslutad', adminIds: [admin.id], active: false })
  const other = await createOrganization({ name: 'Annan', adminIds: [outsider.id] })
  const pkg = await createPackage({
    ownerId: outsider.id,
    name: 'Skolstart',
    roles: ['Lärare', 'Elev', 'Förälder'],
    tasksPerRole: 2,
    collaborators: [{ userId: admin.id, access: 'view' }],
  })
  return { admin, creator, leader, member, outsider, org, other, pkg }
}

describe('groups from packages', () => {
  it('lists the active organizations where the actor may create groups', async () => {
    const { admin, creator, member, outsider, org, other } = await setup()
    expect(await organizationsForPackageGroups(ctx(admin))).toEqual([{ id: org.id, name: 'Östra skolan' }])
    expect(await organizationsForPackageGroups(ctx(creator))).toEqual([{ id: org.id, name: 'Östra skolan' }])
    expect(await organizationsForPackageGroups(ctx(member))).toEqual([])
    expect(await organizationsForPackageGroups(ctx(outsider))).toEqual([{ id: other.id, name: 'Annan' }])
  })

  it('creates the group with members and copies the tasks per role; members see the tasks of their role', async () => {
    const { admin, leader, member, outsider, org, pkg } = await setup()
    const [teacher, pupil, parent] = pkg.roles
    const result = await createGroupFromPackage(ctx(admin), {
      packageId: pkg.id,
      organizationId: org.id,
      name: 'Klass 1A',
      members: [
        { email: leader.email, role: 'leader' },
        { email: member.email, role: 'member' },
        { email: 'okand@example.se', role: 'member' },
      ],
      roleMapping: { [parent.id]: 'subscriber' },
    })
    expect(result.taskCount).toBe(6)
    expect(result.membersResults.map((r) => r.result)).toEqual(['SUCCESS', 'SUCCESS', 'MEMBER_NOT_FOUND'])
    const group = await db().selectFrom('groups').selectAll().where('id', '=', result.groupId).executeTakeFirstOrThrow()
    expect(group).toMatchObject({ name: 'Klass 1A', organization_id: org.id, owner_id: admin.id })

    // Default mapping: the first role → leader, the others → member (unless mapped); all drafts.
    const copied = async () =>
      (
        await db()
          .selectFrom('group_tasks as t')
          .innerJoin('group_task_roles as r', 'r.task_id', 't.id')
          .select(['t.package_role_name', 'r.role', 't.published_at'])
          .where('t.group_id', '=', result.groupId)
          .orderBy('t.position')
          .execute()
      ).map((t) => `${t.package_role_name}:${t.role}:${t.published_at ?? 'draft'}`)
    expect(await copied()).toEqual([
      `${teacher.name}:leader:draft`,
      `${teacher.name}:leader:draft`,
      `${pupil.name}:member:draft`,
      `${pupil.name}:member:draft`,
      `${parent.name}:subscriber:draft`,
      `${parent.name}:subscriber:draft`,
    ])
    // The owner publishes them; a member sees those of their role (group-work/tasks.server.ts).
    await publishAllDrafts(ctx(admin), result.groupId)
    expect((await listTasks(ctx(member), result.groupId)).tasks).toHaveLength(2)
    expect((await listTasks(ctx(leader), result.groupId)).tasks).toHaveLength(6)
    await expectCode(listTasks(ctx(outsider), result.groupId), 'GROUP_NOT_FOUND')

    // The group keeps its copy when the package changes or goes.
    await saveBasics(ctx(outsider), { packageId: pkg.id, version: 1, name: 'Ändrat', language: 'sv' })
    await deletePackage(ctx(outsider), pkg.id)
    expect(await copied()).toHaveLength(6)
  })

  it('needs access to the package and the right to create groups in the organization', async () => {
    const { admin, member, org, other, pkg } = await setup()
    const input = { packageId: pkg.id, organizationId: org.id, name: 'G', members: [] }
    await expectCode(createGroupFromPackage(ctx(member), input), 'PACKAGE_NOT_FOUND')
    await expectCode(createGroupFromPackage(ctx(admin), { ...input, organizationId: other.id }), 'ORGANIZATION_NOT_FOUND')
    const own = await createPackage({ ownerId: member.id })
    await expectCode(createGroupFromPackage(ctx(member), { ...input, packageId: own.id }), 'ORGANIZATION_NOT_FOUND')
    expect(await db().selectFrom('group_tasks').select('id').where('package_id', 'in', [pkg.id, own.id]).execute()).toEqual([])
  })
})
