import type { Locale } from './config'

/**
 * Browser messages come in areas, each a chunk per locale. `core` is on every page; the others
 * load only where a screen needs them:
 * - `organizations`: the organization list, home and members;
 * - `groups`: the organization's groups screen;
 * - `invitations`: group creators, invitations, the invitation code;
 * - `platform`: the platform admins' screens;
 * - `profile`: the profile and preferences;
 * - `create`: the create-group screens;
 * - `myGroups`: a user's own groups (/groups and a group's home);
 * - `library`: the library (/library).
 * A route that needs more than core says so in `handle.i18nArea` (every matched route's area
 * loads) and, for navigations in the browser, with `clientLoader = withArea(area)`; mail texts
 * never reach the browser (see i18n.server.ts).
 */
export const AREAS = ['core', 'organizations', 'groups', 'invitations', 'platform', 'profile', 'create', 'myGroups', 'library'] as const
export type Area = (typeof AREAS)[number]
export const isArea = (value: unknown): value is Area => AREAS.includes(value as Area)

type Messages = Record<string, unknown>
const chunks: Record<Locale, Record<Area, () => Promise<{ default: Messages }>>> = {
  sv: {
    core: () => import('./locales/sv/core'),
    organizations: () => import('./locales/sv/organizations.json'),
    groups: () => import('./locales/sv/groups.json'),
    invitations: () => import('./locales/sv/invitations.json'),
    platform: () => import('./locales/sv/platform.json'),
    profile: () => import('./locales/sv/profile.json'),
    create: () => import('./locales/sv/create.json'),
    myGroups: () => import('./locales/sv/groups-area'),
    library: () => import('./locales/sv/library.json'),
  },
  en: {
    core: () => import('./locales/en/core'),
    organizations: () => import('./locales/en/organizations.json'),
    groups: () => import('./locales/en/groups.json'),
    invitations: () => import('./locales/en/invitations.json'),
    platform: () => import('./locales/en/platform.json'),
    profile: () => import('./locales/en/profile.json'),
    create: () => import('./locales/en/create.json'),
    myGroups: () => import('./locales/en/groups-area'),
    library: () => import('./locales/en/library.json'),
  },
}

export async function loadMessages(locale: Locale, areas: readonly Area[]): Promise<Messages> {
  const loaded = await Promise.all(areas.map((area) => chunks[locale][area]()))
  return Object.assign({}, ...loaded.map((m) => m.default))
}
