import { LRUCache } from 'lru-cache'
import { stringify } from 'safe-stable-stringify'

/** What is cached per server key, and for how long. */
export const CACHE_TTL_MS = {
  tools: 5 * 60_000,
  prompts: 60 * 60_000,
  prompt: 30 * 60_000,
  resources: 5 * 60_000,
  resourceTemplates: 5 * 60_000
} as const

export type CacheKind = keyof typeof CACHE_TTL_MS

const PREFIX: Record<CacheKind, string> = {
  tools: 'mcp:list_tool',
  prompts: 'mcp:list_prompts',
  prompt: 'mcp:get_prompt',
  resources: 'mcp:list_resources',
  resourceTemplates: 'mcp:list_resource_templates'
}

/** `mcp:get_prompt:{key}:{name}:{argsKey}`; the lists have no detail part. */
export function cacheKey(kind: CacheKind, serverKey: string, ...detail: unknown[]): string {
  const parts = [PREFIX[kind], serverKey, ...detail.map((d) => (typeof d === 'string' ? d : (stringify(d ?? null) as string)))]
  return parts.join(':')
}

/** lru-cache cannot hold undefined; the box also lets `[]` and `null` be real hits. */
interface Boxed {
  value: unknown
}

/**
 * The per-server list caches on a TTL'd LRU. Concurrent misses for one key share one
 * request; a drop (notification, reconnect) while a request is in flight keeps its stale answer
 * out of the cache, because each server key has a generation that every drop advances.
 */
export class ServerCaches {
  private readonly cache: LRUCache<string, Boxed>
  private readonly inFlight = new Map<string, Promise<unknown>>()
  private readonly generation = new Map<string, number>()
  /** cache keys by server key and kind, so a drop needs no scan */
  private readonly index = new Map<string, Map<CacheKind, Set<string>>>()
  /** after dropAll nothing is cached again: a load still in flight then is answered, not kept */
  private disposed = false

  /** `now` is the clock TTLs run on: Date.now, so tests can move it with fake timers */
  constructor(now: () => number = () => Date.now()) {
    this.cache = new LRUCache<string, Boxed>({ max: 2000, perf: { now }, ttlResolution: 0 })
  }

  async get<T>(kind: CacheKind, serverKey: string, detail: unknown[], load: () => Promise<T>, options: { refresh?: boolean } = {}): Promise<T> {
    const key = cacheKey(kind, serverKey, ...detail)
    if (!options.refresh) {
      const hit = this.cache.get(key)
      if (hit) return hit.value as T
      const pending = this.inFlight.get(key)
      if (pending) return pending as Promise<T>
    }
    const startedAt = this.generation.get(serverKey) ?? 0
    const work = load().then((value) => {
      if (!this.disposed && (this.generation.get(serverKey) ?? 0) === startedAt) {
        this.cache.set(key, { value }, { ttl: CACHE_TTL_MS[kind] })
        this.remember(serverKey, kind, key)
      }
      return value
    })
    this.inFlight.set(key, work)
    const clear = () => {
      if (this.inFlight.get(key) === work) this.inFlight.delete(key)
    }
    work.then(clear, clear)
    return work
  }

  /** Whether a fresh value is cached (tests, diagnostics). */
  has(kind: CacheKind, serverKey: string, ...detail: unknown[]): boolean {
    return this.cache.has(cacheKey(kind, serverKey, ...detail))
  }

  /** Drops some kinds of one server (a list_changed), or all of them (a (re)connect). */
  drop(serverKey: string, kinds?: CacheKind[]): void {
    this.generation.set(serverKey, (this.generation.get(serverKey) ?? 0) + 1)
    const byKind = this.index.get(serverKey)
    for (const [key] of this.inFlight) if (key.includes(`:${serverKey}`) && matches(key, kinds)) this.inFlight.delete(key)
    if (!byKind) return
    for (const kind of kinds ?? (Object.keys(PREFIX) as CacheKind[])) {
      for (const key of byKind.get(kind) ?? []) this.cache.delete(key)
      byKind.delete(kind)
    }
  }

  /** Everything, for good: the server is removed. */
  dropAll(): void {
    this.disposed = true
    this.cache.clear()
    this.inFlight.clear()
    this.index.clear()
  }

  private remember(serverKey: string, kind: CacheKind, key: string): void {
    const byKind = this.index.get(serverKey) ?? new Map<CacheKind, Set<string>>()
    const keys = byKind.get(kind) ?? new Set<string>()
    keys.add(key)
    byKind.set(kind, keys)
    this.index.set(serverKey, byKind)
  }
}

function matches(key: string, kinds?: CacheKind[]): boolean {
  return !kinds || kinds.some((kind) => key.startsWith(`${PREFIX[kind]}:`))
}
