import { readFile } from 'node:fs/promises'
import type { ProvidersNotice } from '@shared/chat/providers'
import { removeStaleTemps, writeFileAtomic } from '../servers/atomicWrite'
import { setAside } from '../servers/setAside'
import { parseProvidersFile, providersPath, serializeProvidersFile, type ProvidersFile } from './providerFile'

export type ProvidersRead =
  | { kind: 'ok'; content: ProvidersFile }
  /** set aside: the next write starts a fresh file */
  | { kind: 'damaged'; notice: ProvidersNotice }
  /** not readable by us (permissions), or damaged and not movable: left in place, and nothing may be written over it */
  | { kind: 'unreadable'; notice: ProvidersNotice }

const EMPTY: ProvidersFile = { providers: [] }

/** providers.json on disk: read (a damaged file is set aside, never overwritten) and written atomically, mode 0600. */
export class ProvidersFileStore {
  readonly file: string

  constructor(userDataDir: string) {
    this.file = providersPath(userDataDir)
  }

  async read(): Promise<ProvidersRead> {
    await removeStaleTemps(this.file)
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'ok', content: EMPTY }
      // its content may be fine, only we cannot see it: moving it or writing over it could lose it
      const detail = `it cannot be read (${(error as Error).message}); it was left as it is, and changes to the providers are refused until it can be read (check its owner and permissions)`
      return { kind: 'unreadable', notice: { keptAs: this.file, detail } }
    }
    const parsed = parseProvidersFile(text)
    if (parsed.ok) return { kind: 'ok', content: parsed.content }
    const detail = `the saved model providers could not be read: ${parsed.detail}`
    try {
      const keptAs = await setAside(this.file, Date.now())
      return { kind: 'damaged', notice: { keptAs, detail: `${detail}; the file was kept as it was and the list starts empty` } }
    } catch (error) {
      // it stays where it is, so no write may replace it
      const why = `${detail}; it could not be moved aside (${(error as Error).message}), so changes are refused until it is fixed or moved`
      return { kind: 'unreadable', notice: { keptAs: this.file, detail: why } }
    }
  }

  async write(content: ProvidersFile): Promise<void> {
    await writeFileAtomic(this.file, serializeProvidersFile(content))
  }
}
