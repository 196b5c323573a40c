import { describe, expect, it } from 'vitest'
import { badgeText, tabTitle } from './header-counts'

describe('header counts as shown', () => {
  it('puts the number of new alerts before the brand in the tab title, only when above zero', () => {
    expect(tabTitle('Grupper', 0)).toBe('Grupper')
    expect(tabTitle('Grupper', 1)).toBe('(1) Grupper')
    expect(tabTitle('Grupper', 250)).toBe('(250) Grupper')
  })
  it('shows counts past 99 as 99+', () => {
    expect([1, 99, 100, 5000].map(badgeText)).toEqual(['1', '99', '99+', '99+'])
  })
})
