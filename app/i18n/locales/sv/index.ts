import auth from './auth.json'
import common from './common.json'
import groups from './groups.json'
import invitations from './invitations.json'
import organizations from './organizations.json'

// Each area's file has top-level keys of its own; they merge into one namespace.
export default { ...common, ...auth, ...organizations, ...groups, ...invitations }
