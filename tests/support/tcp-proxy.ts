import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A TCP proxy on 127.0.0.1 that forwards to `target` (PostgreSQL, for instance): stop() closes it
 * and cuts every connection through it, as a database restart or a lost network does, without
 * touching the real server that others use; start() opens it again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = createConnection(target)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const { port } = server.address() as { port: number }
  return {
    port,
    /** Refuses new connections and cuts the open ones. */
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
    /** Accepts connections again, on the same port. */
    start: () => listen(port),
  }
}
