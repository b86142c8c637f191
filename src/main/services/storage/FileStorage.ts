import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The renderer's persisted state, kept by main in `{userData}/storage/` so it survives a new
 * browser-mode port and the CLI can read the saved servers. One file per key, written atomically.
 */
export class FileStorage {
  private readonly dir: string
  /** writes to one key run in order, so a slow older write never lands after a newer one */
  private readonly chains = new Map<string, Promise<unknown>>()

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, 'storage')
  }

  /** `persist:root` → `{dir}/persist_root.json`; keys are already limited by the IPC contract */
  pathOf(key: string): string {
    return join(this.dir, `${key.replace(/[^\w.-]/g, '_')}.json`)
  }

  async getItem(key: string): Promise<string | null> {
    await this.chains.get(key)
    try {
      return await readFile(this.pathOf(key), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  setItem(key: string, value: string): Promise<void> {
    return this.enqueue(key, async () => {
      const file = this.pathOf(key)
      const tmp = `${file}.${process.pid}.tmp`
      await mkdir(this.dir, { recursive: true })
      await writeFile(tmp, value, { encoding: 'utf8', mode: 0o600 })
      await rename(tmp, file)
    })
  }

  removeItem(key: string): Promise<void> {
    return this.enqueue(key, () => rm(this.pathOf(key), { force: true }))
  }

  private enqueue(key: string, work: () => Promise<void>): Promise<void> {
    const run = (this.chains.get(key) ?? Promise.resolve()).catch(() => undefined).then(work)
    this.chains.set(key, run)
    void run.finally(() => {
      if (this.chains.get(key) === run) this.chains.delete(key)
    }).catch(() => undefined)
    return run
  }
}
