import { open, type FileHandle } from 'node:fs/promises'
import type { RegistryNotice } from '@shared/mcp/registry'
import { upgradeApprovals } from './approvalUpgrade'
import { removeStaleTemps, writeFileAtomic } from './atomicWrite'
import { currentStamp, sameStamp, stampOf, type FileStamp } from './fileStamp'
import { parseRegistryFile, registryPath, serializeRegistryFile } from './registryFile'
import { readEntries, slotId, storedEntry, type Slot } from './serverEntries'
import { setAside } from './setAside'

export interface RegistryStoreOptions {
  userDataDir: string
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  now: () => number
}

export type StoreRead =
  | { kind: 'missing' }
  | { kind: 'damaged'; notice: RegistryNotice }
  /** there but not readable by us (permissions): left in place, and nothing may be written over it */
  | { kind: 'unreadable'; notice: RegistryNotice }
  /** `notice`: the file was readable by others and has been made the user's alone; `upgraded`: an earlier version's file */
  | { kind: 'ok'; slots: Slot[]; approvals: Record<string, string>; notice?: RegistryNotice; upgraded?: true }

/**
 * servers.json on disk: reading it (a damaged file is set aside, never overwritten), writing it
 * atomically, and noticing when another process (the CLI) replaced it since we last touched it.
 */
export class RegistryStore {
  readonly file: string
  /** the version of the file this store last read or wrote; undefined: none (or it was set aside) */
  private stamp: FileStamp | undefined

  constructor(private readonly options: RegistryStoreOptions) {
    this.file = registryPath(options.userDataDir)
  }

  removeStaleTemps(): Promise<void> {
    return removeStaleTemps(this.file)
  }

  async read(): Promise<StoreRead> {
    let text: string
    let stamp: FileStamp
    let notice: RegistryNotice | undefined
    try {
      // stamp and text from one open file: a rename by another process in between cannot mix them
      const handle = await open(this.file, 'r')
      try {
        const info = await handle.stat()
        stamp = stampOf(info)
        text = await handle.readFile('utf8')
        notice = await ownOnly(handle, info.mode, this.file)
      } finally {
        await handle.close()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.stamp = undefined
        return { kind: 'missing' }
      }
      // not damage: its content may be fine, only we cannot see it. Moving it aside (or writing
      // over it) would lose a list that is probably intact
      this.stamp = undefined
      const detail = `it cannot be read (${(error as Error).message}); it was left as it is, and changes to the list are refused until it can be read (check its owner and permissions)`
      return { kind: 'unreadable', notice: { code: 'REGISTRY_UNREADABLE', keptAs: this.file, detail } }
    }
    const parsed = parseRegistryFile(text)
    if (!parsed.ok) return this.damaged(parsed.detail)
    this.stamp = stamp
    const slots = readEntries(parsed.content.entries, this.options.decrypt)
    return { kind: 'ok', slots, approvals: upgradeApprovals(slots, parsed.content.approvals), ...(notice ? { notice } : {}), ...(parsed.upgraded ? { upgraded: true } : {}) }
  }

  /** Moves the unreadable file out of the way; the next write starts a fresh one. */
  private async damaged(detail: string): Promise<StoreRead> {
    let keptAs = this.file
    try {
      keptAs = await setAside(this.file, this.options.now())
    } catch (error) {
      // left where it is: a later write may fail for the same reason (permissions) or replace it
      detail += `; it could not be moved aside (${(error as Error).message})`
    }
    this.stamp = undefined
    return { kind: 'damaged', notice: { code: 'REGISTRY_DAMAGED', keptAs, detail } }
  }

  /** True when the file on disk is not the one this store last read or wrote. */
  async changedOnDisk(): Promise<boolean> {
    try {
      return !sameStamp(await currentStamp(this.file), this.stamp)
    } catch {
      // cannot even stat it: the write that follows reports the real problem
      return false
    }
  }

  /** Writes every slot (broken ones as they were stored) and the approvals of the ids still present. */
  async write(slots: Slot[], approvals: Record<string, string>): Promise<void> {
    const ids = new Set(slots.map(slotId))
    const text = serializeRegistryFile({
      entries: slots.map((slot) => storedEntry(slot, this.options.encrypt)),
      approvals: Object.fromEntries(Object.entries(approvals).filter(([id]) => ids.has(id)))
    })
    this.stamp = await writeFileAtomic(this.file, text)
  }
}

/**
 * The file holds keys (in plain Node, in clear): readable by other users of this computer (a copy,
 * an umask, a restore), it is made the user's alone and the user told. Not on Windows, which has
 * no such mode bits.
 */
async function ownOnly(handle: FileHandle, mode: number, file: string): Promise<RegistryNotice | undefined> {
  if (process.platform === 'win32' || (mode & 0o077) === 0) return undefined
  const was = `0${(mode & 0o777).toString(8)}`
  try {
    await handle.chmod(0o600)
    return { code: 'REGISTRY_PERMISSIONS_FIXED', keptAs: file, detail: `it could be read by other users of this computer (mode ${was}); it is now readable only by you (0600)` }
  } catch (error) {
    return { code: 'REGISTRY_PERMISSIONS_FIXED', keptAs: file, detail: `it can be read by other users of this computer (mode ${was}) and could not be changed (${(error as Error).message}): run chmod 600 on it` }
  }
}
