import { describe, expect, it } from 'vitest'
import { clientKey } from './client-key.server'

describe('the rate-limit key of a client address', () => {
  it('is the address itself for IPv4', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7')
    expect(clientKey('192.0.2.8')).not.toBe(clientKey('192.0.2.7'))
  })

  it('is the /64 for IPv6: every address of one network shares it, another network has its own', () => {
    const key = clientKey('2001:db8:1:2::5')
    expect(key).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2:ffff:eeee:dddd:1')).toBe(key)
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe(key)
    expect(clientKey('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64')
    expect(clientKey('::1')).toBe('::/64')
  })

  it('keys an IPv4 address written as IPv6 (a dual-stack socket) as IPv4, not as one shared /64', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(clientKey('::ffff:192.0.2.8')).toBe('192.0.2.8')
  })

  it('keeps what is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown')
  })
})
