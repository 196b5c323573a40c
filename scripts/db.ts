/**
 * npm run db:migrate | db:seed [-- --large] — against DATABASE_URL (SQLite at data/app.db when unset).
 * --large also seeds the benchmark organization (10,000 members, 1,000 groups).
 * The seed refuses to run in production (NODE_ENV=production): its accounts have published passwords.
 */
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { seed } from '../app/demo/seed.server'

const [command, ...flags] = process.argv.slice(2)
if (command === 'seed' && process.env.NODE_ENV === 'production') {
  console.error('db:seed refuses to run in production (NODE_ENV=production): the demo accounts have published passwords.')
  process.exit(1)
}
try {
  const applied = await migrateToLatest(db())
  console.info(applied.length ? `Migrated: ${applied.join(', ')}` : 'Database is up to date.')
  if (command === 'seed') {
    const started = performance.now()
    const created = await seed(db(), { large: flags.includes('--large') })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(created.length ? `Seeded in ${seconds} s:\n${created.map((c) => `  - ${c}`).join('\n')}` : 'Demo data already present.')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeDb()
}
