import { randomBytes } from 'node:crypto'
import { appDb } from './orgs'

/* A group's tasks and tags for the e2e runs, written straight into the e2e database the way the services leave them. */

const newId = () => randomBytes(12).toString('hex')

export function insertTask(
  groupId: string,
  { title, roles = ['member'], published = true }: { title: string; roles?: string[]; published?: boolean },
) {
  const db = appDb()
  const id = newId()
  const now = new Date().toISOString()
  const position = (db.prepare('select count(*) as n from group_tasks where group_id = ?').get(groupId) as { n: number }).n
  db.prepare(
    `insert into group_tasks (id, group_id, package_id, package_role_name, title, instructions, position, published_at, created_at, updated_at)
     values (?, ?, null, '', ?, '', ?, ?, ?, ?)`,
  ).run(id, groupId, title, position, published ? now : null, now, now)
  for (const role of roles) db.prepare('insert into group_task_roles (task_id, group_id, role) values (?, ?, ?)').run(id, groupId, role)
  return { id, title }
}

export function insertTag(groupId: string, name: string) {
  const id = newId()
  appDb()
    .prepare(`insert into group_tags (id, group_id, name, name_key, description, created_at) values (?, ?, ?, ?, '', ?)`)
    .run(id, groupId, name, name.trim().toLowerCase(), new Date().toISOString())
  return { id, name }
}
