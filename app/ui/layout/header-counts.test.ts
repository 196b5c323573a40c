import { describe, expect, it } from 'vitest'
import { badgeText } from './header-counts'

describe('header counts as shown', () => {
  it('shows counts past 99 as 99+', () => {
    expect([1, 99, 100, 5000].map(badgeText)).toEqual(['1', '99', '99+', '99+'])
  })
})
