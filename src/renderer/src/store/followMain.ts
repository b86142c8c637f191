import type { EventPayload, IpcEventName } from '@shared/ipc/contract'
import type { MainExtra } from './mainBaseQuery'

/** The part of a cache entry's lifecycle (RTK Query's onCacheEntryAdded) that following main needs. */
export interface CacheLife {
  extra: unknown
  cacheDataLoaded: Promise<unknown>
  cacheEntryRemoved: Promise<void>
}

/**
 * Applies one of main's events to a cache entry for as long as the entry lives. Events that come
 * before the entry's first answer are applied after it, in order: main sends each change once,
 * so one that raced the answer is not lost (applying it again is harmless, each carries the whole
 * new value).
 */
export async function followEvent<E extends IpcEventName>(life: CacheLife, event: E, apply: (payload: EventPayload<E>) => void): Promise<void> {
  const { api } = life.extra as MainExtra
  let early: Array<EventPayload<E>> | undefined = []
  const off = api.on(event, (payload) => (early ? early.push(payload) : apply(payload)))
  try {
    await life.cacheDataLoaded
    const waiting = early
    early = undefined
    for (const payload of waiting) apply(payload)
  } catch {
    // the entry went before it had an answer
  }
  await life.cacheEntryRemoved
  off()
}

/**
 * Asks again (through `invalidate`) whenever `when` says one of main's events makes the entry
 * stale, for as long as the entry lives. An invalidation while the first answer is on its way
 * makes RTK Query ask once more after it.
 */
export async function refetchOn<E extends IpcEventName>(life: CacheLife, event: E, when: (payload: EventPayload<E>) => boolean, invalidate: () => void): Promise<void> {
  const { api } = life.extra as MainExtra
  const off = api.on(event, (payload) => {
    if (when(payload)) invalidate()
  })
  await life.cacheEntryRemoved
  off()
}
