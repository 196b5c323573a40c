import { useNavigation } from '@remix-run/react'

type Fields = Readonly<Record<string, string>>

/**
 * A checker for "is the form with this `intent` (and these other field values) being submitted
 * now?", for a component whose several forms each show their own pending button.
 */
export function useIntentPendingFor() {
  const navigation = useNavigation()
  return (intent: string, fields: Fields = {}) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === v)
}

/** Whether the form with this `intent` (and these other field values, if given) is being submitted. */
export function useIntentPending(intent: string, fields?: Fields) {
  return useIntentPendingFor()(intent, fields)
}

/** The value of `field` in the form with this `intent` being submitted now, or null. */
export function usePendingValue(intent: string, field: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent ? navigation.formData.get(field) : null
}
