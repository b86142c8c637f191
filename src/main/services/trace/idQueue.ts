/**
 * Ids oldest first, for evicting the oldest span. A Map's first key would do, but V8 leaves a
 * hole per deleted entry until the table is rebuilt, so taking the first key after many
 * deletions walks the holes: at a store's steady state that was a scan per span. Ids dropped
 * by another bound stay here until met (`live` says which still count); at most `cap` of them
 * can be live, so past twice that the dead are swept out, keeping memory bounded.
 */
export class IdQueue {
  private ids: string[] = []
  private head = 0

  constructor(
    private readonly cap: number,
    private readonly live: (id: string) => boolean
  ) {}

  push(id: string): void {
    this.ids.push(id)
    if (this.ids.length - this.head > 2 * this.cap + 64) {
      this.ids = this.ids.slice(this.head).filter(this.live)
      this.head = 0
    }
  }

  /** The oldest live id, taken off the queue. */
  shift(): string | undefined {
    while (this.head < this.ids.length) {
      const id = this.ids[this.head++]
      if (this.live(id)) {
        if (this.head * 2 > this.ids.length) {
          this.ids = this.ids.slice(this.head)
          this.head = 0
        }
        return id
      }
    }
    this.clear()
    return undefined
  }

  clear(): void {
    this.ids = []
    this.head = 0
  }
}
