import { redirect } from '@remix-run/node'

/** /platform: its first screen, the organizations (the layout has checked the visitor). */
export const loader = () => redirect('/platform/organizations')
