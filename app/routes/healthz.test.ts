import { describe, expect, it } from 'vitest'
import { beginShutdown } from '~/utils/shutdown-state'
import { loader } from './healthz'

const get = (path: string) =>
  loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as never) as Promise<Response>

// The flag never goes back: the test before the shutdown runs first (tests in a file run in order).
describe('GET /healthz', () => {
  it('answers ok (liveness) and database up (readiness) while the process runs', async () => {
    const live = await get('/healthz')
    expect(live.status).toBe(200)
    expect(await live.text()).toBe('ok')
    const ready = await get('/healthz?ready=1')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('answers 503 with Retry-After and no-store, liveness and readiness alike, once the shutdown began', async () => {
    beginShutdown()
    for (const path of ['/healthz', '/healthz?ready=1']) {
      const answer = await get(path)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('Retry-After')).toBe('5')
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
      expect(await answer.json()).toEqual({ message: 'SERVICE_UNAVAILABLE', shutting_down: true })
    }
  })
})
