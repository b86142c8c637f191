import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ExtensionError } from './extensionError'
import { inspectExtension, type InspectedExtension } from './inspectExtension'
import { extractZip, type ExtractLimits } from './safeExtract'
import { unsignedContent, verifySignature } from './signature'
import type { HostFacts } from './compatibility'
import type { Manifest } from './manifest'
import type { McpCommand } from './resolveMcpConfig'

/** An archive extracted and checked in a temp folder, waiting for the user's yes or no. */
export interface StagedExtension extends InspectedExtension {
  id: string
  /** the temp folder that holds all of it */
  dir: string
  /** where the archive was extracted */
  content: string
}

export interface StagingOptions {
  /** where stage folders go; the OS temp folder by default */
  tempRoot?: string
  /** where an extension will be installed (`replaces` and the command shown are for that folder) */
  targetFolder(manifestName: string): string
  /** this OS and the runtime that would run an extension's server (hostFacts.ts) */
  hostFacts(manifest: Manifest, template: McpCommand, folder: string): Promise<HostFacts>
  limits?: ExtractLimits
  /** a stage nobody installs or discards is removed after this long */
  ttlMs?: number
}

const PREFIX = 'mcp-studio-ext-'
const TTL_MS = 30 * 60 * 1000

/**
 * The staged archives of this process, by id. Each lives in its own folder under the OS temp
 * folder, named with this process's id, so a sweep at start-up removes what a process that died
 * left behind without touching a stage another running process (the CLI, the app) holds.
 */
export class StagingArea {
  private readonly staged = new Map<string, { stage: StagedExtension; timer: NodeJS.Timeout }>()
  private readonly tempRoot: string

  constructor(private readonly options: StagingOptions) {
    this.tempRoot = options.tempRoot ?? tmpdir()
  }

  /** Extracts and checks an archive; on any failure nothing of it is left on disk. */
  async stage(fileName: string, data: Buffer): Promise<StagedExtension> {
    if (!/\.(mcpb|dxt|zip)$/i.test(fileName)) {
      throw new ExtensionError('BAD_ARCHIVE', `"${fileName}" is not an extension: choose a .mcpb or .dxt file`)
    }
    const dir = await mkdtemp(join(this.tempRoot, `${PREFIX}${process.pid}-`))
    try {
      const archive = join(dir, 'archive.mcpb')
      await writeFile(archive, data, { mode: 0o600 })
      const content = join(dir, 'content')
      await extractZip(await unsignedContent(data), content, this.options.limits)
      const inspected = await inspectExtension(content, this.options.targetFolder, this.options.hostFacts)
      const signature = await verifySignature(archive, data)
      const stage: StagedExtension = { ...inspected, signature, id: randomUUID(), dir, content }
      const timer = setTimeout(() => void this.discard(stage.id), this.options.ttlMs ?? TTL_MS)
      timer.unref()
      this.staged.set(stage.id, { stage, timer })
      return stage
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      throw error
    }
  }

  get(id: string): StagedExtension {
    const entry = this.staged.get(id)
    if (!entry) throw new ExtensionError('EXTENSION_NOT_FOUND', 'this extension is no longer waiting to be installed (it was installed, discarded or timed out): open the file again')
    return entry.stage
  }

  /** Removes a stage and its folder; unknown ids are fine (already gone). */
  async discard(id: string): Promise<void> {
    const entry = this.staged.get(id)
    if (!entry) return
    this.staged.delete(id)
    clearTimeout(entry.timer)
    await rm(entry.stage.dir, { recursive: true, force: true })
  }

  async discardAll(): Promise<void> {
    await Promise.all([...this.staged.keys()].map((id) => this.discard(id)))
  }

  /** At start-up: stage folders of processes that are gone. */
  async sweep(): Promise<void> {
    let names: string[]
    try {
      names = await readdir(this.tempRoot)
    } catch {
      return
    }
    await Promise.all(
      names
        .filter((name) => name.startsWith(PREFIX))
        .filter((name) => {
          const pid = Number(name.slice(PREFIX.length).split('-')[0])
          return Number.isInteger(pid) && pid !== process.pid && !alive(pid)
        })
        .map((name) => rm(join(this.tempRoot, name), { recursive: true, force: true }).catch(() => undefined))
    )
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
