/**
 * The timer utility of spec section 4: a countdown with the states INITIALIZED, RUNNING, PAUSED,
 * STOPPED and COMPLETED, whose commands are synchronised across the tabs of the origin (a
 * BroadcastChannel). It drives the idle dialog's "signed out in N seconds".
 *
 *   start     INITIALIZED | STOPPED -> RUNNING    (counts down `durationMs` from now)
 *   pause     RUNNING               -> PAUSED     (keeps what is left)
 *   resume    PAUSED                -> RUNNING
 *   restart   RUNNING               -> RUNNING    (from the full duration again)
 *   complete  RUNNING               -> COMPLETED  (also by itself when the time is up)
 *   stop      RUNNING | PAUSED      -> STOPPED
 *
 * Any other command is illegal: it is refused (returns false) and changes nothing. The time left
 * is measured against a deadline on the wall clock, not by counting ticks, so a computer that
 * slept past the deadline completes on its first tick after waking (react-idle-timer #388).
 * A command carries its deadline, so every tab counts to the same instant.
 */
export type CountdownState = 'INITIALIZED' | 'RUNNING' | 'PAUSED' | 'STOPPED' | 'COMPLETED'
export type CountdownCommand = 'start' | 'pause' | 'resume' | 'restart' | 'complete' | 'stop'

const TRANSITIONS: Record<CountdownCommand, { from: CountdownState[]; to: CountdownState }> = {
  start: { from: ['INITIALIZED', 'STOPPED'], to: 'RUNNING' },
  pause: { from: ['RUNNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'RUNNING' },
  restart: { from: ['RUNNING'], to: 'RUNNING' },
  complete: { from: ['RUNNING'], to: 'COMPLETED' },
  stop: { from: ['RUNNING', 'PAUSED'], to: 'STOPPED' },
}

export const canApply = (state: CountdownState, command: CountdownCommand) => TRANSITIONS[command].from.includes(state)

/** What travels between tabs: the command and the countdown it leaves. */
interface Message {
  command: CountdownCommand
  deadline: number | null
  leftMs: number
}

/** The part of BroadcastChannel the countdown uses (tests pass their own). */
export interface CommandChannel {
  postMessage(message: Message): void
  onmessage: ((event: { data: Message }) => void) | null
  close(): void
}

export interface Countdown {
  readonly state: CountdownState
  /** Milliseconds left (0 once completed). */
  remainingMs(): number
  /** Applies a command here and in every other tab; false (and nothing changes) when illegal. */
  send(command: CountdownCommand, durationMs?: number): boolean
  /** Stops listening and ticking (the tab's timer is removed after sign-out). */
  dispose(): void
}

export interface CountdownOptions {
  durationMs: number
  /** Called on every state change and every tick while running. */
  onChange?: (state: CountdownState, remainingMs: number) => void
  tickMs?: number
  channel?: CommandChannel | null
  now?: () => number
}

export function createCountdown({ durationMs, onChange, tickMs = 1000, channel = null, now = Date.now }: CountdownOptions): Countdown {
  let state: CountdownState = 'INITIALIZED'
  let duration = durationMs
  let deadline: number | null = null
  let leftMs = durationMs
  let ticker: ReturnType<typeof setInterval> | undefined
  let disposed = false

  const remainingMs = () => (state === 'RUNNING' && deadline !== null ? Math.max(0, deadline - now()) : state === 'COMPLETED' ? 0 : leftMs)
  const notify = () => onChange?.(state, remainingMs())

  function tick() {
    if (state !== 'RUNNING') return
    if (remainingMs() <= 0) send('complete')
    else notify()
  }
  function setTicking(on: boolean) {
    clearInterval(ticker)
    ticker = on ? setInterval(tick, tickMs) : undefined
  }

  /** Applies a command with the countdown it leaves (computed here, or received from another tab). */
  function apply(message: Message) {
    if (disposed || !canApply(state, message.command)) return false
    state = TRANSITIONS[message.command].to
    deadline = message.deadline
    leftMs = message.leftMs
    setTicking(state === 'RUNNING')
    notify()
    return true
  }

  function send(command: CountdownCommand, newDuration?: number) {
    if (disposed || !canApply(state, command)) return false
    if (newDuration !== undefined) duration = newDuration
    const t = now()
    const message: Message =
      command === 'start' || command === 'restart'
        ? { command, deadline: t + duration, leftMs: duration }
        : command === 'resume'
          ? { command, deadline: t + leftMs, leftMs }
          : command === 'complete'
            ? { command, deadline: null, leftMs: 0 }
            : { command, deadline: null, leftMs: remainingMs() }
    // The other tabs first: a listener of this one may end it (sign out, dispose) as it applies.
    channel?.postMessage(message)
    apply(message)
    return true
  }

  if (channel) channel.onmessage = (event) => void apply(event.data)

  return {
    get state() {
      return state
    },
    remainingMs,
    send,
    dispose() {
      if (disposed) return
      disposed = true
      setTicking(false)
      if (channel) {
        channel.onmessage = null
        channel.close()
      }
    },
  }
}

/** The channel of the tabs of this origin, or null where there is none (old browsers, the server). */
export const tabsChannel = (name: string): CommandChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as unknown as CommandChannel)
