import groups from './groups.json'
import invitations from './invitations.json'
import organizations from './organizations.json'

// Messages of organization administration: loaded in the browser only on those screens.
export default { ...organizations, ...groups, ...invitations }
