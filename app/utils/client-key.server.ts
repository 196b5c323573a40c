import ipaddr from 'ipaddr.js'

/**
 * The rate-limit key of a client address. An IPv4 address is its own key. An IPv6 client is keyed
 * by its /64: one home or office network gets a /64 (or more) from its provider and can pick any
 * of 2^64 addresses inside it, so keying by the whole address would let it dodge every per-client
 * limit. IPv4 addresses written as IPv6 (::ffff:192.0.2.1, from a dual-stack socket) are keyed as
 * IPv4. Anything that does not parse is kept as it is (tests pass names such as 'unknown').
 */
export function clientKey(address: string) {
  if (!ipaddr.isValid(address)) return address
  const ip = ipaddr.process(address)
  if (ip.kind() === 'ipv4') return ip.toString()
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4)
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`
}
