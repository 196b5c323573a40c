import { describe, expect, it } from 'vitest'
import en from '~/i18n/locales/en/groups.json'
import sv from '~/i18n/locales/sv/groups.json'
import enLibrary from '~/i18n/locales/en/library.json'
import svLibrary from '~/i18n/locales/sv/library.json'
import { MEMBER_ROLES, parseMemberLines } from './groups.schemas'

describe('member lines (creating a group from a package)', () => {
  it('take the role words of either language, in any case; member when left out', () => {
    const text =
      'a@example.se, Ledare\nb@example.se, prenumerant\nc@example.se, MEDLEM\nd@example.se, leader\ne@example.se\nf@example.se, chef'
    expect(parseMemberLines(text)).toEqual({
      members: [
        { email: 'a@example.se', role: 'leader' },
        { email: 'b@example.se', role: 'subscriber' },
        { email: 'c@example.se', role: 'member' },
        { email: 'd@example.se', role: 'leader' },
        { email: 'e@example.se', role: 'member' },
      ],
      badLines: [6],
    })
  })

  it('accept the role names every locale shows (groups.owners.role), so the hint and the parser agree', () => {
    for (const [locale, library] of [
      [sv, svLibrary],
      [en, enLibrary],
    ] as const) {
      for (const role of MEMBER_ROLES) {
        const word = locale.groups.owners.role[role]
        expect(parseMemberLines(`x@example.se, ${word}`).members, `${word}`).toEqual([{ email: 'x@example.se', role }])
        expect(library.library.createGroup.membersHint.toLowerCase()).toContain(word.toLowerCase())
      }
    }
  })
})
