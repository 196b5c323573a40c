/** The scenarios of `npm run bench:reliability`, in order; a new one is a file beside this and a line here. */
import { overload } from './overload'
import type { ReliabilityScenario } from './scenario'
import { sigterm } from './sigterm'

export const scenarios: ReliabilityScenario[] = [overload, sigterm]
