import type { Params } from '@remix-run/react'

/** The user of a profile route: `/users/:id/*`, or `/beta-users/:uid/*` (outside production). */
export const userIdOf = (params: Params) => params.id ?? params.uid ?? ''

/** Where the profile screens of this user live: `/users/:id` or `/beta-users/:uid`. */
export const profileBase = (params: Params) =>
  params.uid !== undefined ? `/beta-users/${encodeURIComponent(params.uid)}` : `/users/${encodeURIComponent(params.id ?? '')}`

/** The account preferences of this user (`/beta-users/:uid/preferences` shows the same screen). */
export const accountPreferencesPath = (params: Params) =>
  params.uid !== undefined ? `${profileBase(params)}/preferences` : `${profileBase(params)}/preferences/account`
