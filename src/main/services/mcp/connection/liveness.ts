import type { Connection } from '../connect'

/** How long a ping may take, and how recently a server must have spoken to need none. */
export interface PingTiming {
  /** the first ping's patience (1 s) */
  pingTimeoutMs?: number
  /** a client quiet for longer than this is pinged before reuse (2 s) */
  quietBeforePingMs?: number
}

/** After the first ping goes unanswered, one more gets this many times as long. */
const SLOW_PING_FACTOR = 5

/** How long a silent server is waited for in all before it is replaced. */
export function pingPatienceMs(timing: PingTiming): number {
  return (timing.pingTimeoutMs ?? 1000) * (1 + SLOW_PING_FACTOR)
}

/** A live connection that spoke a moment ago: plainly alive, used as it is. */
export function recentlyHeard(connection: Connection, timing: PingTiming): boolean {
  return !connection.closed && Date.now() - connection.lastHeardAt < (timing.quietBeforePingMs ?? 2000)
}

async function ping(connection: Connection, timeout: number): Promise<boolean> {
  try {
    await connection.client.ping({ timeout })
    return true
  } catch {
    return false
  }
}

/**
 * A reused client must answer a ping. A busy machine can hold an answer past the first
 * second: a server that answers late is slow, not dead, and replacing it would cost the user a
 * restart and whatever the window showed, so a second, longer ping decides.
 */
export async function answersPing(connection: Connection, timing: PingTiming, note: (line: string) => void): Promise<boolean> {
  if (connection.closed) return false
  if (recentlyHeard(connection, timing)) return true
  const first = timing.pingTimeoutMs ?? 1000
  if (await ping(connection, first)) return true
  if (connection.closed) return false
  const patience = first * SLOW_PING_FACTOR
  note(`no answer to a ping within ${first / 1000} s; waiting up to ${patience / 1000} s more`)
  return ping(connection, patience)
}
