import { describe, expect, it } from 'vitest'
import * as checkVersionApi from '~/routes/api/app-report/check-version'
import { args, makeRequest } from '../../../tests/support/factories'
import { checkVersion, runningBuildId } from './app-version.server'

describe('the version check', () => {
  const running = '1.4.2+abc'
  it('answers nothing to do for the running build', () => {
    expect(checkVersion(running, running)).toEqual({ enforceUpdate: false, recommendUpdate: false })
  })
  it('recommends a reload for another build of the same major', () => {
    expect(checkVersion('1.4.2+old', running)).toEqual({ enforceUpdate: false, recommendUpdate: true })
    expect(checkVersion('1.3.9+old', running)).toEqual({ enforceUpdate: false, recommendUpdate: true })
  })
  it('enforces one for another major, an id that is not ours, or a version below the minimum', () => {
    expect(checkVersion('0.9.0+old', running)).toEqual({ enforceUpdate: true, recommendUpdate: true })
    expect(checkVersion('2.0.0+new', running)).toEqual({ enforceUpdate: true, recommendUpdate: true })
    expect(checkVersion('1700000000000', running)).toEqual({ enforceUpdate: true, recommendUpdate: true })
    expect(checkVersion('1.3.9+old', running, '1.4.0')).toEqual({ enforceUpdate: true, recommendUpdate: true })
    expect(checkVersion('1.4.0+old', running, '1.4.0')).toEqual({ enforceUpdate: false, recommendUpdate: true })
    expect(checkVersion('1.10.0+x', '1.10.0+x', '1.9.0')).toEqual({ enforceUpdate: false, recommendUpdate: false })
  })

  it('POST /api/app-report/check-version answers for anyone; a bad body is 400, a GET 405', async () => {
    const post = (json: unknown) =>
      checkVersionApi.action(args(makeRequest('/api/app-report/check-version', { json }))) as Promise<Response>
    const ok = await post({ appVersion: runningBuildId() })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ enforceUpdate: false, recommendUpdate: false })
    const old = await post({ appVersion: '0.0.0+older' })
    expect(await old.json()).toEqual({ enforceUpdate: false, recommendUpdate: true })
    expect((await post({})).status).toBe(400)
    expect((await post({ appVersion: 'x'.repeat(101) })).status).toBe(400)
    expect(((await checkVersionApi.loader(args(makeRequest('/api/app-report/check-version')))) as Response).status).toBe(405)
  })
})
