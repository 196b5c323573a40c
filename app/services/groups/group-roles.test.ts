import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MEMBER_ROLES } from './groups.schemas'
import { GROUP_PERMISSIONS, GROUP_ROLE_TABLE, GROUP_ROLES, myRole, rightsOf, roleFlagsOf } from './group-roles'

describe('the group role table', () => {
  it('gives each role the flags of docs/group-roles.md', () => {
    const yes = (b: boolean) => (b ? 'yes' : 'no')
    const doc = readFileSync(resolve(__dirname, '../../../docs/group-roles.md'), 'utf8')
    // The table's rows with their cells trimmed (Prettier pads the columns to line up).
    const tableRows = doc
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map(
        (line) =>
          `| ${line
            .slice(1, -1)
            .split('|')
            .map((cell) => cell.trim())
            .join(' | ')} |`,
      )
    for (const role of GROUP_ROLES) {
      const r = rightsOf(role)
      const cells = [
        ...GROUP_PERMISSIONS.map((p) => r.permissions[p]),
        r.isSubscriber,
        r.manageMembers,
        r.manageGroup,
        r.seeMemberEmails,
      ].map(yes)
      expect(tableRows, role).toContain(`| ${role} | ${cells.join(' | ')} |`)
    }
  })

  it('lets owners and leaders manage members, and only owners manage the group', () => {
    expect(GROUP_ROLES.filter((r) => GROUP_ROLE_TABLE[r].manageMembers)).toEqual(['owner', 'leader'])
    expect(GROUP_ROLES.filter((r) => GROUP_ROLE_TABLE[r].manageGroup)).toEqual(['owner'])
    expect(GROUP_ROLES.filter((r) => GROUP_ROLE_TABLE[r].isSubscriber)).toEqual(['subscriber'])
    expect(GROUP_ROLES.filter((r) => GROUP_ROLE_TABLE[r].seeMemberEmails)).toEqual(['owner', 'leader'])
  })

  it("gives members every role but owner (the owner's role changes only by a hand-over)", () => {
    expect([...MEMBER_ROLES]).toEqual(GROUP_ROLES.filter((r) => r !== 'owner'))
  })

  it('shapes my_role as the specification says', () => {
    expect(myRole('subscriber')).toEqual({
      name: 'subscriber',
      isOwner: false,
      isSubscriber: true,
      permissions: { 'reports.view_others': true, 'reports.send': false, 'tasks.create': false, 'tasks.edit': false },
    })
    expect(myRole('owner').isOwner).toBe(true)
    // A copy: changing one answer never changes the table.
    myRole('member').permissions['tasks.edit'] = true
    expect(rightsOf('member').permissions['tasks.edit']).toBe(false)
  })

  it("shows each role's flags of spec section 6, from the table", () => {
    expect(Object.fromEntries(GROUP_ROLES.map((r) => [r, roleFlagsOf(r)]))).toEqual({
      owner: ['owner', 'viewOthers', 'tasks', 'send'],
      leader: ['viewOthers', 'tasks', 'send'],
      member: ['send'],
      subscriber: ['viewOthers', 'subscriber'],
    })
    expect(Object.isFrozen(roleFlagsOf('owner'))).toBe(true)
  })
})
