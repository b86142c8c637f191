export interface RetryTiming {
  /** the first wait; each next one doubles, up to `maxDelayMs` */
  firstDelayMs?: number
  maxDelayMs?: number
  /** tries in a row before the server is left failed until the user or an edit starts it */
  maxAttempts?: number
  /** a server up this long has recovered: its next exit starts the count again */
  healthyAfterMs?: number
  now?: () => number
}

interface Track {
  attempts: number
  timer?: NodeJS.Timeout
  connectedAt?: number
}

/**
 * Back-off for servers that end on their own: 1 s, 2 s, 4 s … up to 30 s between tries, five tries
 * in a row at most, so a server that crashes at every start does not spin.
 */
export class RetryPolicy {
  private readonly tracks = new Map<string, Track>()
  private readonly timing: Required<RetryTiming>

  constructor(timing: RetryTiming = {}) {
    this.timing = { firstDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5, healthyAfterMs: 60_000, now: Date.now, ...timing }
  }

  /** Plans the next try; the time it runs at, or undefined when the tries are used up. */
  schedule(id: string, retry: () => void): number | undefined {
    const track = this.track(id)
    if (track.connectedAt !== undefined && this.timing.now() - track.connectedAt >= this.timing.healthyAfterMs) track.attempts = 0
    track.connectedAt = undefined
    if (track.timer || track.attempts >= this.timing.maxAttempts) return undefined
    const delay = Math.min(this.timing.firstDelayMs * 2 ** track.attempts, this.timing.maxDelayMs)
    track.attempts++
    track.timer = setTimeout(() => {
      track.timer = undefined
      retry()
    }, delay)
    // a retry waiting must not keep a CLI or test process alive
    track.timer.unref?.()
    return this.timing.now() + delay
  }

  /** A series of tries is under way for this server (its next failure plans the next try). */
  retrying(id: string): boolean {
    return this.tracks.has(id)
  }

  connected(id: string): void {
    const track = this.tracks.get(id)
    if (track) track.connectedAt = this.timing.now()
  }

  /** The user or an edit took over: no try pending, the count starts again. */
  forget(id: string): void {
    const track = this.tracks.get(id)
    if (track?.timer) clearTimeout(track.timer)
    this.tracks.delete(id)
  }

  cancelAll(): void {
    for (const id of [...this.tracks.keys()]) this.forget(id)
  }

  private track(id: string): Track {
    let track = this.tracks.get(id)
    if (!track) this.tracks.set(id, (track = { attempts: 0 }))
    return track
  }
}
