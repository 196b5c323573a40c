/** The scenarios of `npm run bench:reliability`, in order; a new one is a file beside this and a line here. */
import { fuzz } from './fuzz'
import { killMidBulk } from './kill-mid-bulk'
import { overload } from './overload'
import { pgDrop } from './pg-drop'
import type { ReliabilityScenario } from './scenario'
import { sigterm } from './sigterm'

export const scenarios: ReliabilityScenario[] = [fuzz, overload, sigterm, killMidBulk, pgDrop]
