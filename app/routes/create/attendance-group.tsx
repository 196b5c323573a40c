/** /create/attendance-group: the create screen (route.tsx) with its own breadcrumb. */
export const handle = { breadcrumb: 'createGroup.title.attendance', i18nArea: 'create' }
export { action, clientLoader, default, ErrorBoundary, loader } from './route'
