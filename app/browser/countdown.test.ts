import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { canApply, createCountdown, type CommandChannel, type CountdownCommand, type CountdownState } from './countdown'

beforeEach(() => vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

const COMMANDS: CountdownCommand[] = ['start', 'pause', 'resume', 'restart', 'complete', 'stop']
const LEGAL: Record<CountdownState, CountdownCommand[]> = {
  INITIALIZED: ['start'],
  RUNNING: ['pause', 'restart', 'complete', 'stop'],
  PAUSED: ['resume', 'stop'],
  STOPPED: ['start'],
  COMPLETED: [],
}

/** A countdown brought to a state by legal commands. */
function inState(state: CountdownState) {
  const c = createCountdown({ durationMs: 60_000 })
  const path: Record<CountdownState, CountdownCommand[]> = {
    INITIALIZED: [],
    RUNNING: ['start'],
    PAUSED: ['start', 'pause'],
    STOPPED: ['start', 'stop'],
    COMPLETED: ['start', 'complete'],
  }
  for (const command of path[state]) expect(c.send(command)).toBe(true)
  expect(c.state).toBe(state)
  return c
}

describe('the countdown timer (spec section 4)', () => {
  it.each(Object.keys(LEGAL) as CountdownState[])('from %s takes exactly the legal commands and refuses the rest', (state) => {
    for (const command of COMMANDS) {
      const c = inState(state)
      const legal = LEGAL[state].includes(command)
      expect(canApply(state, command), `${state} ${command}`).toBe(legal)
      expect(c.send(command), `${state} ${command}`).toBe(legal)
      if (!legal) expect(c.state, `${state} ${command} changes nothing`).toBe(state)
      c.dispose()
    }
  })

  it('lands in the state of each transition', () => {
    const to = (state: CountdownState, command: CountdownCommand) => {
      const c = inState(state)
      c.send(command)
      const s = c.state
      c.dispose()
      return s
    }
    expect(to('INITIALIZED', 'start')).toBe('RUNNING')
    expect(to('STOPPED', 'start')).toBe('RUNNING')
    expect(to('RUNNING', 'pause')).toBe('PAUSED')
    expect(to('PAUSED', 'resume')).toBe('RUNNING')
    expect(to('RUNNING', 'restart')).toBe('RUNNING')
    expect(to('RUNNING', 'complete')).toBe('COMPLETED')
    expect(to('RUNNING', 'stop')).toBe('STOPPED')
    expect(to('PAUSED', 'stop')).toBe('STOPPED')
  })

  it('counts down, pauses keeping what is left, restarts from the full time and completes by itself at zero', async () => {
    const changes: [CountdownState, number][] = []
    const c = createCountdown({ durationMs: 5_000, onChange: (s, ms) => changes.push([s, ms]) })
    c.send('start')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(c.remainingMs()).toBe(3_000)
    c.send('pause')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(c.remainingMs()).toBe(3_000)
    c.send('resume')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(c.remainingMs()).toBe(2_000)
    c.send('restart')
    expect(c.remainingMs()).toBe(5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(c.state).toBe('COMPLETED')
    expect(c.remainingMs()).toBe(0)
    expect(changes.at(-1)).toEqual(['COMPLETED', 0])
    c.dispose()
  })

  it('completes on the first tick after a sleep past the deadline (no prompt left to show)', async () => {
    const c = createCountdown({ durationMs: 60_000 })
    c.send('start')
    // The machine sleeps: the wall clock jumps, no timer ran meanwhile.
    vi.setSystemTime(Date.now() + 10 * 60_000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(c.state).toBe('COMPLETED')
    c.dispose()
  })

  it('synchronises commands across tabs, with the same deadline', async () => {
    const tabs = linkedChannels(2)
    const a = createCountdown({ durationMs: 60_000, channel: tabs[0] })
    const b = createCountdown({ durationMs: 60_000, channel: tabs[1] })
    a.send('start')
    expect(b.state).toBe('RUNNING')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(b.remainingMs()).toBe(a.remainingMs())
    b.send('stop')
    expect(a.state).toBe('STOPPED')
    // An illegal command is not sent: the other tab is left alone.
    expect(a.send('pause')).toBe(false)
    expect(b.state).toBe('STOPPED')
    a.dispose()
    // A disposed tab no longer follows.
    b.send('start')
    expect(a.state).toBe('STOPPED')
    b.dispose()
  })
})

/** Channels that deliver to each other at once, as a BroadcastChannel does to the other tabs. */
function linkedChannels(n: number): CommandChannel[] {
  const channels: CommandChannel[] = []
  for (let i = 0; i < n; i++) {
    const channel: CommandChannel = {
      onmessage: null,
      postMessage: (data) => channels.filter((c) => c !== channel).forEach((c) => c.onmessage?.({ data })),
      close: () => channels.splice(channels.indexOf(channel), 1),
    }
    channels.push(channel)
  }
  return channels
}
