import { describe, expect, it } from 'vitest'
import { safeRedirect } from './schemas'

describe('safeRedirect', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeRedirect('/organizations/1/members?q=a&page=2#top')).toBe('/organizations/1/members?q=a&page=2#top')
    expect(safeRedirect('/invitation-code?code=ABC234')).toBe('/invitation-code?code=ABC234')
  })

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    'javascript:alert(1)',
    '',
    undefined,
    42,
  ])('drops %j', (value) => {
    expect(safeRedirect(value)).toBe('/')
    expect(safeRedirect(value, '')).toBe('')
  })
})
