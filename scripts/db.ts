/** npm run db:migrate | db:seed — against DATABASE_URL (SQLite at data/app.db when unset). */
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { seed } from '../app/db/seed.server'

const command = process.argv[2]
try {
  const applied = await migrateToLatest(db())
  console.info(applied.length ? `Migrated: ${applied.join(', ')}` : 'Database is up to date.')
  if (command === 'seed') {
    const created = await seed(db())
    console.info(created.length ? `Seeded: ${created.join(', ')}` : 'Demo data already present.')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeDb()
}
