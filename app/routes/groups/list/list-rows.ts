import type { GroupRole } from '~/db/schema'
import type { MyGroup } from '~/services/groups/my-groups.server'

/**
 * A row of /groups: what the table shows of a group, and nothing more (the page's data is sent
 * twice, in the HTML and as data for the browser; the API keeps the whole `MyGroup`).
 */
export interface MyGroupRow {
  _id: string
  name: string
  organization: string
  owner: string
  role: GroupRole
  memberCount: number
  active: boolean
  created: string
}

export const myGroupRow = (g: MyGroup): MyGroupRow => ({
  _id: g._id,
  name: g.name,
  organization: g.parent_org_.name,
  owner: g.owner.name,
  role: g.my_role.name,
  memberCount: g.memberCount,
  active: g.active,
  created: g.created,
})
