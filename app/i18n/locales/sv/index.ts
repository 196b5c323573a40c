import auth from './auth.json'
import common from './common.json'

export default { ...common, ...auth }
