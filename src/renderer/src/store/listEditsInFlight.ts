import type { ServersSnapshot } from '@shared/mcp/registry'

/**
 * The list's edits shown before main confirmed them (a switch, a new order) and still on their
 * way. A list main sends meanwhile may predate the newest of them: applying it would undo that
 * edit on screen until the next list, and a quick next edit (a second Alt+↓) would build on the
 * undone order. So while edits are in flight the newest list waits, and is applied once they
 * are all answered.
 */
export class ListEditsInFlight {
  private count = 0
  private held: { snapshot: ServersSnapshot; apply: (snapshot: ServersSnapshot) => void } | undefined

  /** An edit is sent; call the returned function once main answered it (either way). */
  begin(): () => void {
    this.count++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.count--
      if (this.count > 0 || !this.held) return
      const { snapshot, apply } = this.held
      this.held = undefined
      apply(snapshot)
    }
  }

  /** A list from main: applied now, or once the edits in flight are answered. */
  offer(snapshot: ServersSnapshot, apply: (snapshot: ServersSnapshot) => void): void {
    if (this.count === 0) apply(snapshot)
    else this.held = { snapshot, apply }
  }
}
