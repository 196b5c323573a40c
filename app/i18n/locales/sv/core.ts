import auth from './auth.json'
import background from './background.json'
import common from './common.json'
import sso from './sso.json'

// Messages every page needs: the browser loads them before hydrating.
export default { ...common, ...auth, ...sso, ...background }
