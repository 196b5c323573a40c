import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { createLoop, createTag, createTask, follow } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { classInsight, ownInsight, setClassInsight } from './insight-own.server'
import { insightRange } from './insight-range.server'
import { groupInsight } from './insight.server'

/**
 * Every figure of the insight against a hand-computed fixture (docs/group-work.md "Insight"), in
 * Europe/Stockholm, over 2026-03-02..2026-03-15 (two weeks, Mondays 03-02 and 03-09), and who may
 * read it. The fixture's sums are written out beside each expectation.
 */
const NOW = new Date('2026-03-20T12:00:00Z')
const RANGE = { from: '2026-03-02', to: '2026-03-15' }
const at = (iso: string) => new Date(iso)
const ctx = (user: User) => ({ ...ctxFor(user), now: NOW })

async function setup() {
  const names = [
    'Olle Ägare',
    'Lena Ledare',
    'Anna Elev',
    'Bertil Elev',
    'Cecilia Elev',
    'Sam Mentor',
    'Siv Mentor',
    'Adam Admin',
    'Xerxes Främling',
  ]
  const [owner, leader, a, b, c, subscriber, lonely, admin, stranger] = await Promise.all(names.map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], a.id, b.id, c.id, [subscriber.id, 'subscriber'], [lonely.id, 'subscriber']],
  })
  await follow(group.id, subscriber.id, a.id)
  const t1 = await createTask(group.id, { title: 'T1', roles: ['member'], published: at('2026-02-25T08:00:00Z') })
  const t2 = await createTask(group.id, { title: 'T2', roles: ['member', 'leader'], published: at('2026-02-25T08:00:00Z') })
  const t3 = await createTask(group.id, { title: 'T3', roles: ['member'], published: at('2026-03-10T08:00:00Z') })
  const draft = await createTask(group.id, { title: 'Draft', published: false })
  const red = await createTag(group.id, 'Röd')
  const blue = await createTag(group.id, 'Blå')
  const gone = await createTag(group.id, 'Borta')
  const loop = (author: User, taskId: string | null, emotion: number, created: string, tagIds: string[] = []) =>
    createLoop(group.id, author.id, { taskId, emotion, created: at(created), tagIds })
  await loop(a, t1.id, 3, '2026-02-20T08:00:00Z') // before the range: A's "last loop" only if nothing later
  await loop(leader, t2.id, 4, '2026-03-01T23:30:00Z', [red.id]) // 00:30 on 03-02 in Stockholm: in the range, week 1
  await loop(a, t1.id, 5, '2026-03-02T08:00:00Z', [red.id])
  await loop(a, t1.id, 4, '2026-03-03T08:00:00Z')
  await loop(b, t1.id, 3, '2026-03-04T08:00:00Z', [blue.id, gone.id])
  await loop(a, t2.id, 2, '2026-03-10T08:00:00Z', [red.id, blue.id])
  await loop(a, t2.id, 1, '2026-03-11T08:00:00Z', [blue.id])
  await loop(b, null, 4, '2026-03-12T08:00:00Z') // a free loop
  await loop(b, t1.id, 5, '2026-03-15T23:30:00Z') // 00:30 on 03-16 in Stockholm: after the range
  // A tag deleted midway: it goes from every figure (its loops stay).
  await db().deleteFrom('group_tags').where('id', '=', gone.id).execute()
  return {
    people: { owner, leader, a, b, c, subscriber, lonely, admin, stranger },
    group,
    tasks: { t1, t2, t3, draft },
    tags: { red, blue },
  }
}

describe('groupInsight: the figures', () => {
  it('adds up the owner’s view of every member: totals, tasks, the heat map, members flagged first, weeks', async () => {
    const { people, group, tasks, tags } = await setup()
    const insight = await groupInsight(ctx(people.owner), group.id, RANGE)
    expect(insight.named).toBe(true)
    expect(insight.range).toEqual(RANGE)
    // 7 loops: 5+4+2+1 (A) + 3+4 (B) + 4 (L) = 23; 23/7 = 3.29. Members: owner, leader, A, B, C.
    expect(insight.totals).toEqual({ loops: 7, members: 5, writers: 3, average: 3.29 })
    expect(insight.tags).toEqual([
      { id: tags.blue.id, name: 'Blå' },
      { id: tags.red.id, name: 'Röd' },
    ])
    expect(insight.tasks).toEqual([
      // T1 for members (A, B, C): A 5, A 4, B 3: average 4, spread sqrt(2/3) = 0.82.
      {
        id: tasks.t1.id,
        title: 'T1',
        members: 3,
        writers: 2,
        loops: 3,
        average: 4,
        spread: 0.82,
        distribution: [0, 0, 1, 1, 1],
        tags: { [tags.red.id]: 1, [tags.blue.id]: 1 },
      },
      // T2 for members and leaders (L, A, B, C): L 4, A 2, A 1: average 2.33, spread sqrt(14/9) = 1.25.
      {
        id: tasks.t2.id,
        title: 'T2',
        members: 4,
        writers: 2,
        loops: 3,
        average: 2.33,
        spread: 1.25,
        distribution: [1, 1, 0, 1, 0],
        tags: { [tags.red.id]: 2, [tags.blue.id]: 2 },
      },
      // T3 published in the range, no loop yet; the draft is not listed.
      {
        id: tasks.t3.id,
        title: 'T3',
        members: 3,
        writers: 0,
        loops: 0,
        average: null,
        spread: null,
        distribution: [0, 0, 0, 0, 0],
        tags: {},
      },
      { id: null, title: '', members: 5, writers: 1, loops: 1, average: 4, spread: 0, distribution: [0, 0, 0, 1, 0], tags: {} },
    ])
    // Quiet first (C; not the owner, whom no task asks to write), then falling (A: 5, 4 then 2, 1:
    // earlier 4.5, recent 1.5), then by name.
    expect(insight.members!.map((m) => [m.name, m.quiet, m.falling])).toEqual([
      ['Cecilia Elev', true, false],
      ['Anna Elev', false, true],
      ['Bertil Elev', false, false],
      ['Lena Ledare', false, false],
      ['Olle Ägare', false, false],
    ])
    const byName = Object.fromEntries(insight.members!.map((m) => [m.name, m]))
    expect(byName['Anna Elev']).toMatchObject({ loops: 4, lastLoop: '2026-03-11T08:00:00.000Z', average: 3, trend: [4.5, 1.5] })
    // B's loop of 03-16 (Stockholm) is after the range: neither counted nor the last loop.
    expect(byName['Bertil Elev']).toMatchObject({ loops: 2, lastLoop: '2026-03-12T08:00:00.000Z', average: 3.5, trend: [3, 4] })
    expect(byName['Cecilia Elev']).toMatchObject({ loops: 0, lastLoop: null, average: null, trend: [null, null] })
    expect(byName['Lena Ledare']).toMatchObject({ loops: 1, average: 4, trend: [4, null], falling: false })
    expect(insight.flagged).toEqual({ quiet: 1, falling: 1 })
    // Week 1: L 4, A 5, A 4, B 3 = 16/4; week 2: A 2, A 1, B 4 = 7/3.
    expect(insight.weeks).toEqual([
      { week: '2026-03-02', loops: 4, average: 4 },
      { week: '2026-03-09', loops: 3, average: 2.33 },
    ])
  })

  it('filters by the members’ role', async () => {
    const { people, group, tasks } = await setup()
    const insight = await groupInsight(ctx(people.leader), group.id, { ...RANGE, role: 'member' })
    // A 5+4+2+1, B 3+4 = 19/6.
    expect(insight.totals).toEqual({ loops: 6, members: 3, writers: 2, average: 3.17 })
    expect(insight.tasks.find((t) => t.id === tasks.t2.id)).toMatchObject({ members: 3, writers: 1, loops: 2, average: 1.5 })
    expect(insight.members!.map((m) => m.name)).toEqual(['Cecilia Elev', 'Anna Elev', 'Bertil Elev'])
  })

  it('answers an empty range, a member with one loop and an empty group', async () => {
    const { people, group } = await setup()
    const empty = await groupInsight(ctx(people.owner), group.id, { from: '2026-01-05', to: '2026-01-11' })
    expect(empty.totals).toEqual({ loops: 0, members: 5, writers: 0, average: null })
    expect(empty.tasks).toEqual([])
    expect(empty.weeks).toEqual([{ week: '2026-01-05', loops: 0, average: null }])
    // The pupils are quiet; no task of the range asked the owner or the leader to write.
    expect(empty.members!.map((m) => [m.name, m.quiet, m.lastLoop])).toEqual([
      ['Anna Elev', true, null],
      ['Bertil Elev', true, null],
      ['Cecilia Elev', true, null],
      ['Lena Ledare', false, null],
      ['Olle Ägare', false, null],
    ])

    const org = await createOrganization()
    const lone = await createUser({ name: 'Ensam Ägare' })
    const bare = await createGroup(org.id, { ownerId: lone.id })
    const nothing = await groupInsight(ctx(lone), bare.id, RANGE)
    expect(nothing).toMatchObject({
      totals: { loops: 0, members: 1, writers: 0, average: null },
      tags: [],
      tasks: [],
      flagged: { quiet: 0, falling: 0 },
    })
  })
})

describe('groupInsight: who reads it', () => {
  it('gives a subscriber the members they follow, an admin outside numbers without names, and refuses the rest', async () => {
    const { people, group, tasks } = await setup()
    const mentor = await groupInsight(ctx(people.subscriber), group.id, RANGE)
    expect(mentor.members!.map((m) => m.name)).toEqual(['Anna Elev'])
    expect(mentor.totals).toEqual({ loops: 4, members: 1, writers: 1, average: 3 })
    expect(mentor.tasks.map((t) => [t.title, t.members, t.loops])).toEqual([
      ['T1', 1, 2],
      ['T2', 1, 2],
      ['T3', 1, 0],
    ])
    const lonely = await groupInsight(ctx(people.lonely), group.id, RANGE)
    expect(lonely.totals).toEqual({ loops: 0, members: 0, writers: 0, average: null })
    expect(lonely.members).toEqual([])

    const admin = await groupInsight(ctx(people.admin), group.id, RANGE)
    expect(admin.named).toBe(false)
    expect(admin.members).toBeNull()
    expect(admin.totals).toEqual({ loops: 7, members: 5, writers: 3, average: 3.29 })
    expect(admin.flagged).toEqual({ quiet: 1, falling: 1 })
    expect(JSON.stringify(admin)).not.toMatch(/Anna|Bertil|Cecilia|Lena|Olle/)
    expect(admin.tasks.map((t) => t.id)).toContain(tasks.t1.id)

    await expect(groupInsight(ctx(people.b), group.id, RANGE)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(groupInsight(ctx(people.stranger), group.id, RANGE)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })

  it('refuses a range that ends before it starts or is longer than 400 days', async () => {
    const { people, group } = await setup()
    await expect(groupInsight(ctx(people.owner), group.id, { from: '2026-03-10', to: '2026-03-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { from: ['insight.form.fromAfterTo'] } },
    })
    await expect(groupInsight(ctx(people.owner), group.id, { from: '2024-01-01', to: '2026-03-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
  })
})

describe('insightRange', () => {
  it('defaults to the last 4 weeks in the viewer’s zone and cuts weeks at Monday midnight across a daylight-saving change', () => {
    expect(insightRange({}, NOW, 'Europe/Stockholm')).toMatchObject({ from: '2026-02-21', to: '2026-03-20' })
    const range = insightRange({ from: '2026-03-25', to: '2026-04-05' }, NOW, 'Europe/Stockholm')
    expect(range.fromIso).toBe('2026-03-24T23:00:00.000Z')
    expect(range.toIso).toBe('2026-04-05T22:00:00.000Z')
    expect(range.weeks).toEqual([
      { monday: '2026-03-23', startIso: '2026-03-24T23:00:00.000Z' },
      { monday: '2026-03-30', startIso: '2026-03-29T22:00:00.000Z' },
    ])
  })
})

describe('a member’s own insight and the class view', () => {
  it('shows a member their own values per week and the tags they used', async () => {
    const { people, group, tags } = await setup()
    const own = await ownInsight(ctx(people.a), group.id, RANGE)
    expect(own).toMatchObject({ loops: 4, average: 3 })
    expect(own.weeks).toEqual([
      { week: '2026-03-02', loops: 2, average: 4.5 },
      { week: '2026-03-09', loops: 2, average: 1.5 },
    ])
    expect(own.points.map((p) => p.emotion)).toEqual([5, 4, 2, 1])
    expect(own.tags).toEqual([
      { id: tags.blue.id, name: 'Blå', loops: 2 },
      { id: tags.red.id, name: 'Röd', loops: 2 },
    ])
    expect((await ownInsight(ctx(people.c), group.id, RANGE)).loops).toBe(0)
  })

  it('keeps the class view off until the owner switches it on, then shows tasks with 3 writers or more, without names', async () => {
    const { people, group, tasks } = await setup()
    expect(await classInsight(ctx(people.b), group.id, RANGE)).toBeNull()
    await expect(setClassInsight(ctx(people.leader), group.id, true)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(setClassInsight(ctx(people.admin), group.id, true)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(setClassInsight(ctx(people.stranger), group.id, true)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    await setClassInsight(ctx(people.owner), group.id, true)
    await createLoop(group.id, people.c.id, { taskId: tasks.t1.id, emotion: 1, created: at('2026-03-06T08:00:00Z') })
    const view = await classInsight(ctx(people.b), group.id, RANGE)
    // T1: A 5, A 4, B 3, C 1 by three members: shown; T2 by two (A, L): not.
    expect(view!.map((t) => [t.title, t.shown, t.loops, t.average])).toEqual([
      ['T1', true, 4, 3.25],
      ['T2', false, 0, null],
    ])
    expect(view![0].distribution).toEqual([1, 0, 1, 1, 1])
    expect(JSON.stringify(view)).not.toMatch(/Anna|Bertil|Cecilia|Lena|author/)
    expect(await classInsight(ctx(people.admin), group.id, RANGE)).toBeNull()
    await setClassInsight(ctx(people.owner), group.id, false)
    expect(await classInsight(ctx(people.b), group.id, RANGE)).toBeNull()
  })
})
