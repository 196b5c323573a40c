import { describe, expect, it } from 'vitest'
import { args, makeRequest, run } from '../../../tests/support/factories'
import { loader } from './mailbox'

const from = (clientIp: string) => {
  const a = args(makeRequest('/dev/mailbox'))
  a.context.clientIp = clientIp
  return a
}

describe('/dev/mailbox', () => {
  it('lists mail for requests from this machine only', async () => {
    expect((await run(() => loader(from('127.0.0.1')))).status).toBe(200)
    expect((await run(() => loader(from('::ffff:127.0.0.1')))).status).toBe(200)
    expect((await run(() => loader(from('192.168.1.20')))).status).toBe(404)
    expect((await run(() => loader(from('10.0.0.7')))).status).toBe(404)
  })
})
