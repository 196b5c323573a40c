import { describe, expect, it } from 'vitest'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../tests/support/swedish-order'
import { swedishSortKey } from './collation'

const byKey = (names: readonly string[]) =>
  [...names].sort((a, b) => (swedishSortKey(a) < swedishSortKey(b) ? -1 : swedishSortKey(a) > swedishSortKey(b) ? 1 : 0))

describe('swedishSortKey', () => {
  it('orders å, ä, ö after z, ignores case and accents', () => {
    expect(byKey(SWEDISH_SHUFFLED)).toEqual(SWEDISH_ORDER)
    expect(swedishSortKey('ÅSA')).toBe(swedishSortKey('åsa'))
    expect(swedishSortKey('Émile')).toBe(swedishSortKey('emile'))
  })

  it('sorts as ICU Swedish does: æ with ä, ø with ö, ü with y; a literal "{" is no å', () => {
    expect(byKey(['Ödla', 'Øyvind', 'Ängel', 'Ærø', 'Yngve', 'Über', 'a{b', 'Ada'])).toEqual([
      'a{b',
      'Ada',
      'Über',
      'Yngve',
      'Ängel',
      'Ærø',
      'Ödla',
      'Øyvind',
    ])
  })
})
