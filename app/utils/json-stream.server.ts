/**
 * A JSON array answered while it is read: `[`, the items of each batch, `]`. The next batch is
 * asked for only when the client has taken the previous one (a pull stream), so the server holds
 * one batch however long the list. Sent with its status and headers before the first batch: an
 * error after that can only cut the answer short (it is logged), never turn it into an error.
 */
export function jsonArrayResponse(batches: AsyncGenerator<unknown[]>, init: ResponseInit = {}): Response {
  const encoder = new TextEncoder()
  let started = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('['))
    },
    async pull(controller) {
      try {
        const { done, value } = await batches.next()
        if (done) {
          controller.enqueue(encoder.encode(']'))
          controller.close()
          return
        }
        if (value.length === 0) return
        controller.enqueue(encoder.encode(`${started ? ',' : ''}${value.map((item) => JSON.stringify(item)).join(',')}`))
        started = true
      } catch (error) {
        console.error('api: a streamed list failed', error)
        controller.error(error)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(body, { ...init, headers })
}
