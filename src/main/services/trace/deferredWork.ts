/**
 * Span work that need not hold up the call it describes: the redacted JSON of arguments and
 * results, the status and the end (at the time it was taken). It runs in one batch after the
 * caller has its answer, and at once before anyone reads spans (the store, an export, a flush),
 * so what is read is always whole.
 */
export class DeferredWork {
  private jobs: Array<() => void> = []
  private scheduled = false

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  add(job: () => void): void {
    this.jobs.push(job)
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.drain()).unref()
  }

  /** Runs every queued job now, in the order queued (a span's attributes before its end). */
  drain(): void {
    this.scheduled = false
    while (this.jobs.length) {
      const batch = this.jobs
      this.jobs = []
      for (const job of batch) {
        try {
          job()
        } catch (error) {
          // tracing never breaks the host: a job that throws loses only its own detail
          this.onError(error)
        }
      }
    }
  }
}
