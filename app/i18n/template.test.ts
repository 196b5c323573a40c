import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { translatedTemplate } from './template'

describe('translatedTemplate', () => {
  it('fills a message translated once with the values in their places, any order, as they are', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'sv',
      interpolation: { escapeValue: false },
      resources: {
        sv: {
          translation: {
            counts: '{{roles}} roller · {{tasks}} uppgifter',
            swapped: '{{b}} före {{a}}',
            plain: 'Utan värden',
            twice: '{{x}} och {{x}}',
          },
        },
      },
    })
    const counts = translatedTemplate(i18n.t, 'counts', ['roles', 'tasks'])
    expect(counts({ roles: 2, tasks: 14 })).toBe('2 roller · 14 uppgifter')
    expect(counts({ roles: 0, tasks: 1 })).toBe('0 roller · 1 uppgifter')
    expect(translatedTemplate(i18n.t, 'swapped', ['a', 'b'])({ a: 'A', b: '<b>&' })).toBe('<b>& före A')
    expect(translatedTemplate(i18n.t, 'plain', [])({})).toBe('Utan värden')
    expect(translatedTemplate(i18n.t, 'twice', ['x'])({ x: 'å' })).toBe('å och å')
  })
})
