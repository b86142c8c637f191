/**
 * At most one call per `windowMs`: the first of a burst goes at once, and one more at the end of
 * a window in which more came, so the last state is always reported. For notifications a server
 * may send in floods (list_changed), where every one would cost the window a re-list.
 */
export function throttle(fire: () => void, windowMs: number): { call(): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined
  let pending = false
  const open = () => {
    timer = setTimeout(() => {
      timer = undefined
      if (!pending) return
      pending = false
      fire()
      open()
    }, windowMs)
    timer.unref?.()
  }
  return {
    call() {
      if (timer) {
        pending = true
        return
      }
      fire()
      open()
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      pending = false
    }
  }
}
