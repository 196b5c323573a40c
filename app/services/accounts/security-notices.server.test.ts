import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { createUser } from '../../../tests/support/factories'
import { ctxFor } from '../context.server'
import { noticeSignIn, sendSecurityNotice, type SecurityNoticeKind } from './security-notices.server'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const FIREFOX_LINUX_NEWER = 'Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0'
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').orderBy('id').execute()

const NOW = new Date('2026-11-27T05:40:00Z')

/** What each notice says in each language: its subject, and a phrase of its body. */
const EXPECTED: Record<SecurityNoticeKind, { en: [RegExp, RegExp]; sv: [RegExp, RegExp] }> = {
  'new-browser': { en: [/New sign-in/, /not been used from before/], sv: [/Ny inloggning/, /inte har använts med kontot förut/] },
  'two-step-on': { en: [/Two-step verification is on/, /authenticator app/], sv: [/Tvåstegsverifiering är på/, /autentiseringsapp/] },
  'two-step-off': {
    en: [/Two-step verification is off/, /only your password/],
    sv: [/Tvåstegsverifiering är avstängd/, /räcker ditt lösenord/],
  },
  'passkey-added': { en: [/A passkey was added/, /without your password/], sv: [/En nyckel \(passkey\) lades till/, /utan lösenord/] },
  'passkey-removed': {
    en: [/A passkey was removed/, /The passkey "Work laptop" was removed/],
    sv: [/En nyckel \(passkey\) togs bort/, /Nyckeln \(passkey\) "Work laptop" togs bort/],
  },
  'provider-unlinked': {
    en: [/A sign-in provider was unlinked/, /Your Google account was unlinked/],
    sv: [/En inloggningstjänst kopplades bort/, /Ditt konto hos Google kopplades bort/],
  },
  'password-changed': {
    en: [/password of your .* was changed/, /other sessions were signed out/],
    sv: [/Lösenordet till ditt konto/, /andra sessioner loggades ut/],
  },
  'provider-linked': {
    en: [/An account at Microsoft was linked/, /without your password/],
    sv: [/Ett konto hos Microsoft kopplades/, /utan lösenord/],
  },
  'factors-reset': {
    en: [/sign-in methods of your .* were reset/, /removed two-step verification, your passkeys and your linked sign-in providers/],
    sv: [/Inloggningssätten för ditt konto/, /tog supporten bort tvåstegsverifiering, dina nycklar/],
  },
}

describe('security notices by email', () => {
  for (const kind of Object.keys(EXPECTED) as SecurityNoticeKind[]) {
    for (const locale of ['en', 'sv'] as const) {
      it(`${kind} in ${locale}: through the outbox, in the user's language and timezone, with a link to the sessions, no placeholder left`, async () => {
        const user = await createUser({ locale, timezone: 'Europe/Stockholm', name: 'Åsa Öberg' })
        await sendSecurityNotice({ db: db(), now: NOW }, user.id, kind, {
          browser: 'Firefox 133 / Linux',
          what: kind === 'provider-unlinked' ? 'Google' : kind === 'provider-linked' ? 'Microsoft' : 'Work laptop',
        })
        const [mail, ...more] = await mailsTo(user.email)
        expect(more).toEqual([])
        const [subject, body] = EXPECTED[kind][locale]
        expect(mail.subject).toMatch(subject)
        expect(mail.text_body).toMatch(body)
        expect(mail.text_body).toContain(`/users/${user.id}/preferences/security#prefs-sessions`)
        expect(mail.html_body).toContain(`/users/${user.id}/preferences/security#prefs-sessions`)
        expect(mail.text_body).toContain('Åsa Öberg')
        // 05:40 UTC is 06:40 in Stockholm.
        expect(mail.text_body).toContain('06:40')
        if (kind === 'new-browser') expect(mail.text_body).toContain('Firefox 133 / Linux')
        for (const text of [mail.subject, mail.text_body, mail.html_body]) {
          expect(text).not.toMatch(/\{\{|\}\}/)
          expect(text).not.toMatch(/mail\.security/)
        }
      })
    }
  }

  it('a user who is gone gets nothing', async () => {
    await sendSecurityNotice({ db: db(), now: NOW }, 'no-such-user', 'two-step-on')
  })

  it('a sign-in from a new browser family tells; the first ever, the same family and a newer version do not', async () => {
    const user = await createUser({ locale: 'en' })
    const ctx = { ...ctxFor(null), now: NOW }
    // The first browser of the account is only recorded.
    expect(await noticeSignIn(ctx, user.id, FIREFOX_LINUX)).toBe(false)
    expect(await noticeSignIn(ctx, user.id, FIREFOX_LINUX)).toBe(false)
    // A browser update is the same browser.
    expect(await noticeSignIn(ctx, user.id, FIREFOX_LINUX_NEWER)).toBe(false)
    expect(await mailsTo(user.email)).toEqual([])
    // Another browser and system is new, once.
    expect(await noticeSignIn(ctx, user.id, CHROME_WINDOWS)).toBe(true)
    expect(await noticeSignIn(ctx, user.id, CHROME_WINDOWS)).toBe(false)
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/New sign-in/)
    expect(mails[0].text_body).toContain('Chrome 131 / Windows')
    // No User-Agent at all is a family of its own, named as unidentified.
    expect(await noticeSignIn(ctx, user.id, null)).toBe(true)
    expect((await mailsTo(user.email))[1].text_body).toContain('a browser we could not identify')
    const known = await db().selectFrom('known_browsers').select('family').where('user_id', '=', user.id).orderBy('family').execute()
    expect(known.map((k) => k.family)).toEqual(['?|?', 'Chrome|Windows', 'Firefox|Linux'])
  })

  it("one user's browsers are not another's", async () => {
    const a = await createUser()
    const b = await createUser()
    const ctx = { ...ctxFor(null), now: NOW }
    await noticeSignIn(ctx, a.id, FIREFOX_LINUX)
    await noticeSignIn(ctx, a.id, CHROME_WINDOWS)
    await noticeSignIn(ctx, b.id, CHROME_WINDOWS)
    expect(await noticeSignIn(ctx, b.id, FIREFOX_LINUX)).toBe(true)
  })
})
