import type { Generated, Selectable } from 'kysely'

/**
 * Database types. Both dialects store the same shapes:
 * timestamps are ISO-8601 UTC strings (they sort as text), booleans are 0/1 integers,
 * lists are JSON text. See docs/database.md.
 */
export interface UsersTable {
  id: string
  name: string
  email: string
  password_hash: string | null
  email_verified_at: string | null
  locale: string
  timezone: string
  auto_signout_active: Generated<number>
  auto_signout_seconds: Generated<number>
  unsubscribed_templates: Generated<string>
  profile_pic: string | null
  created_at: string
  last_request_at: string | null
}

export interface SessionsTable {
  id_hash: string
  user_id: string
  created_at: string
  last_seen_at: string
  expires_at: string
}

export interface TokensTable {
  id: string
  user_id: string
  purpose: 'verify-email' | 'password-reset'
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  data: string | null
}

export interface RateLimitsTable {
  key: string
  failures: number
  first_failure_at: string
  blocked_until: string | null
}

export interface MailOutboxTable {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  created_at: string
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  tokens: TokensTable
  rate_limits: RateLimitsTable
  mail_outbox: MailOutboxTable
}

/** A users row as read. */
export type User = Selectable<UsersTable>
