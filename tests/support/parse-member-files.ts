/**
 * Parses each file named on the command line as an uploaded member file and prints one JSON line
 * of answers (`{ rows }` or `{ code }`): for parse.server.test.ts, which runs it under the
 * production heap flags (package.json "start") to show a hostile file does not take the process down.
 */
import { readFileSync } from 'node:fs'
import { DomainError } from '~/errors'
import { parseMemberFile } from '~/services/member-import/parse.server'

const answers = []
for (const file of process.argv.slice(2)) {
  try {
    answers.push({ rows: (await parseMemberFile(readFileSync(file))).length })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    answers.push({ code: error.code })
  }
}
console.log(JSON.stringify({ answers, heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }))
