import groupTasks from './group-tasks.json'
import groupWork from './group-work.json'
import insight from './insight.json'
import loopFeedback from './loop-feedback.json'
import loops from './loops.json'
import myGroups from './my-groups.json'
import retention from './retention.json'

// The `myGroups` area: a member's own groups, and in each group its tabs, tasks, tags, loops and feedback.
export default { ...myGroups, ...groupWork, ...groupTasks, ...loops, ...loopFeedback, ...retention, ...insight }
