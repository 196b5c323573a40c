/**
 * A page with several forms posts an `intent` field; its action dispatches to one small handler
 * per form (conventions: "Routes are thin"). The handler of the submitted intent, or undefined
 * for an unknown or missing one.
 */
export function handlerFor<H>(handlers: Record<string, H>, form: FormData): H | undefined {
  const intent = form.get('intent')
  return typeof intent === 'string' && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined
}
