/**
 * Every server process this process started and that has not exited yet, whoever started it:
 * what a last-resort kill needs, including a server still in its handshake.
 */
const pids = new Set<number>()

/** Call when a child is spawned; the returned function when it has exited. */
export function trackChild(pid: number): () => void {
  pids.add(pid)
  return () => void pids.delete(pid)
}

export function liveChildPids(): number[] {
  return [...pids]
}
