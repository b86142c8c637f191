import { mkdirSync, watch as fsWatch, type FSWatcher } from 'node:fs'
import { dirname } from 'node:path'
import { fromFlat } from '@shared/mcp/flatServer'
import { approvalTarget } from '@shared/mcp/launchSpec'
import type { RegistryNotice, ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer, McpServerInput } from '@shared/mcp/server'
import { applyServerChanges, type McpServerChanges } from '@shared/mcp/serverChanges'
import { legacyPath, readLegacyServers } from './legacyImport'
import { assertUnique, reorderSlots, TakenIds } from './listRules'
import { RegistryState } from './registryState'
import { RegistryStore } from './registryStore'
import { isValid, labelOf, parseServer, slotId, slotName } from './serverEntries'
import { isObject } from './loose'
import { RegistryError } from './registryError'
import { withFileLock } from './fileLock'

export interface ServerRegistryOptions {
  /** the app's user-data folder: the file is `{userDataDir}/mcp/servers.json` */
  userDataDir: string
  /** Platform.encrypt / decrypt where the platform has them (Electron safeStorage) */
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  /** the clock for `.corrupt-<time>` names (tests) */
  now?: () => number
}

/** `ui` and `tools` change field by field; a field set to undefined is removed */
export type ServerChanges = McpServerChanges

/**
 * Main's one source of truth for the MCP server list, its order and each server's approval,
 * kept in `{userDataDir}/mcp/servers.json`. Every mutation runs alone (a chain, and the file's
 * lock across processes): it first picks up a file another process (the CLI) wrote, then changes
 * memory, then writes the whole file.
 */
export class ServerRegistry {
  private readonly store: RegistryStore
  private readonly userDataDir: string
  private readonly state = new RegistryState()
  private readonly listeners = new Set<(snapshot: ServersSnapshot) => void>()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: ServerRegistryOptions) {
    this.userDataDir = options.userDataDir
    this.store = new RegistryStore({ ...options, now: options.now ?? Date.now })
  }

  /** the full path of servers.json */
  get file(): string {
    return this.store.file
  }

  /** reads the file (or imports persist_root.json once); never throws for damage */
  load(): Promise<void> {
    // locked: setting a damaged file aside or importing the old list writes. loadNow never
    // throws, so a failure here is the lock's: no folder yet (a first start creates nothing until
    // a change) or one we cannot write; either way load without it
    return this.exclusive(() => withFileLock(this.file, () => this.loadNow(), { createFolder: false }).catch(() => this.loadNow()))
  }

  private async loadNow(): Promise<void> {
    this.state.replace([], {})
    this.state.notice = undefined
    await this.store.removeStaleTemps()
    const read = await this.store.read()
    if (read.kind === 'ok') this.state.replace(read.slots, read.approvals)
    // an earlier version's file is written back in today's shape at once; unwritten, the upgrade is simply done again
    if (read.kind === 'ok' && read.upgraded) await this.store.write(this.state.slots, this.state.approvals).catch(() => undefined)
    if (read.kind !== 'missing') this.state.notice = read.notice
    else await this.importLegacy()
  }

  /** servers.json does not exist yet: take over the old app's servers, once. */
  private async importLegacy(): Promise<void> {
    const legacy = await readLegacyServers(this.userDataDir)
    if (legacy.kind === 'damaged') {
      this.state.notice = { code: 'REGISTRY_DAMAGED', keptAs: legacyPath(this.userDataDir), detail: `the saved servers could not be read: ${legacy.detail}` }
    }
    if (legacy.kind !== 'ok' || !legacy.slots.length) return
    this.state.replace(legacy.slots, legacy.approvals)
    // the import is in memory either way; unwritten, it is simply done again at the next start
    await this.store.write(this.state.slots, this.state.approvals).catch(() => undefined)
  }

  snapshot(): ServersSnapshot {
    return this.state.snapshot()
  }

  get(id: string): McpServer | undefined {
    const server = this.state.findValid(id)
    return server && structuredClone(server)
  }

  isApproved(id: string): boolean {
    const server = this.state.findValid(id)
    return !!server && this.state.approvedNow(server)
  }

  /** at the moment of starting: the user approved exactly this config's target (what is about to run). */
  approves(server: McpServer): boolean {
    return this.state.approvedNow(server)
  }

  onChanged(listener: (snapshot: ServersSnapshot) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** All or nothing: any invalid or already present server refuses the whole call. */
  add(servers: McpServerInput[], options: { approve?: boolean } = {}): Promise<McpServer[]> {
    return this.mutate(() => {
      const parsed = servers.map((input, index) => parseServer(input, labelOf(input, index)))
      const taken = new TakenIds(this.state.slots)
      for (const server of parsed) {
        taken.assertFree(server)
        taken.take(server.id, server.name)
      }
      for (const server of parsed) {
        this.state.slots.push({ server })
        if (options.approve) this.state.approvals[server.id] = approvalTarget(server)
      }
      return structuredClone(parsed)
    })
  }

  /** A key set to `undefined` in `changes` is removed; a new target needs a new approval by itself. */
  update(id: string, changes: ServerChanges): Promise<McpServer> {
    return this.mutate(() => {
      const index = this.state.slots.findIndex((slot) => isValid(slot) && slot.server.id === id)
      const current = this.state.findValid(id)
      if (!current) throw new RegistryError('SERVER_NOT_FOUND', `no server with id "${id}"`)
      const server = parseServer(applyServerChanges(current, changes), current.name)
      assertUnique(server, this.state.slots, id)
      this.state.slots[index] = { server }
      return structuredClone(server)
    })
  }

  /** Removes a server or a broken entry, with its approval. */
  remove(id: string): Promise<boolean> {
    return this.mutate(
      () => {
        const index = this.state.slots.findIndex((slot) => slotId(slot) === id)
        if (index < 0) return false
        this.state.slots.splice(index, 1)
        delete this.state.approvals[id]
        return true
      },
      (removed) => removed
    )
  }

  /** `ids`: every valid server's id, in the new order. Broken entries go after them. */
  reorder(ids: string[]): Promise<void> {
    return this.mutate(() => {
      this.state.slots = reorderSlots(this.state.slots, ids)
    })
  }

  /** Approves what the server runs now (its approval target). */
  approve(id: string): Promise<void> {
    return this.approveAll([id])
  }

  /** Approves each server's target at once: one write for an import of a thousand, not a thousand. */
  approveAll(ids: string[]): Promise<void> {
    return this.mutate(() => {
      const servers = ids.map((id) => {
        const server = this.state.findValid(id)
        if (!server) throw new RegistryError('SERVER_NOT_FOUND', `no server with id "${id}"`)
        return server
      })
      for (const server of servers) this.state.approvals[server.id] = approvalTarget(server)
    })
  }

  /** Replaces a broken entry by a valid server with the same id; it still needs approval. */
  repair(id: string, entry: unknown): Promise<McpServer> {
    return this.mutate(() => {
      const index = this.state.slots.findIndex((slot) => !isValid(slot) && slot.broken.id === id)
      if (index < 0) throw new RegistryError('SERVER_NOT_FOUND', `no broken server with id "${id}"`)
      const label = (isObject(entry) && typeof entry.name === 'string' && entry.name) || slotName(this.state.slots[index]) || id
      if (!isObject(entry)) throw new RegistryError('INVALID_SERVER', `server "${label}": expected an object`)
      // fixed by hand: the flat shape of other hosts' configs (and of version 1) is taken too
      const server = parseServer(fromFlat({ ...entry, id }), label)
      assertUnique(server, this.state.slots, id)
      this.state.slots[index] = { server }
      delete this.state.approvals[id]
      return structuredClone(server)
    })
  }

  /** Another process (the CLI) wrote the file: read it again and tell the listeners. */
  sync(): Promise<boolean> {
    return this.exclusive(async () => {
      if (!(await this.store.changedOnDisk())) return false
      await this.refreshIfChanged()
      this.emit()
      return true
    })
  }

  /**
   * Follows the file while the app runs, so a server the CLI imports shows in the open windows at
   * once. Our own writes are recognized by their stamp and tell nobody twice. Returns the stop.
   */
  watch(): () => void {
    const dir = dirname(this.file)
    let timer: NodeJS.Timeout | undefined
    let watcher: FSWatcher | undefined
    try {
      mkdirSync(dir, { recursive: true })
      watcher = fsWatch(dir, { persistent: false }, () => {
        // a write is a burst of events (temp file, rename): one look after it settles
        clearTimeout(timer)
        timer = setTimeout(() => void this.sync().catch(() => undefined), 50)
      })
      watcher.on('error', () => watcher?.close())
    } catch {
      // no watching on this system: changes from elsewhere show at the next change or start
    }
    return () => {
      clearTimeout(timer)
      watcher?.close()
    }
  }

  /** waits for every write in flight */
  async flush(): Promise<void> {
    await this.queue
  }

  /**
   * One mutation, alone in the chain: catch up with the file, change memory (a throw there changes
   * nothing and writes nothing), write, tell the listeners. A failed write rejects the call but the
   * change stays in memory (the listeners hear of it too); the next successful write carries it.
   * The queue orders this registry's calls; the file lock keeps other processes (the CLI, another
   * registry) from writing between our read and our write, which would lose their change or ours.
   */
  private mutate<T>(change: () => T, changed: (result: T) => boolean = () => true): Promise<T> {
    return this.exclusive(() =>
      withFileLock(this.file, async (held) => {
        const unreadable = await this.refreshIfChanged()
        // our write would replace a list we could not see
        if (unreadable) throw new Error(`${this.file}: ${unreadable.detail}`)
        const result = change()
        if (!changed(result)) return result
        try {
          held()
          await this.store.write(this.state.slots, this.state.approvals)
        } finally {
          this.emit()
        }
        return result
      })
    )
  }

  /**
   * Another process replaced the file since we last read or wrote it: its content wins over memory.
   * Damaged, it is set aside (as at load) and memory is kept; gone, memory is kept and written back.
   * Unreadable, it is left alone and its notice returned: no change may be written over it.
   */
  private async refreshIfChanged(): Promise<RegistryNotice | undefined> {
    if (!(await this.store.changedOnDisk())) return undefined
    const read = await this.store.read()
    if (read.kind === 'ok') {
      this.state.replace(read.slots, read.approvals)
      if (read.notice) this.state.notice = read.notice
    } else if (read.kind === 'damaged') this.state.notice = read.notice
    else if (read.kind === 'unreadable') return (this.state.notice = read.notice)
    return undefined
  }

  private emit(): void {
    if (!this.listeners.size) return
    const snapshot = this.snapshot()
    for (const listener of this.listeners) {
      try {
        listener(snapshot)
      } catch {
        // a failing listener must not fail the mutation that already happened
      }
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work)
    this.queue = run.catch(() => undefined)
    return run
  }
}
