import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { runtimeName, type RuntimeName } from '@shared/mcp/runtimeOf'
import { writeFileAtomic } from '../servers/atomicWrite'
import { executableProblem } from './findExecutable'

/** A path the user set is refused: the sentence names the runtime and what is wrong with the path. */
export class RuntimePathError extends Error {
  readonly code = 'INVALID_RUNTIME_PATH'
  constructor(message: string) {
    super(message)
    this.name = 'RuntimePathError'
  }
}

const fileSchema = z.object({ version: z.literal(1), paths: z.partialRecord(runtimeName, z.string().min(1)) })
export type RuntimePaths = Partial<Record<RuntimeName, string>>

export const runtimePathsFile = (userDataDir: string) => join(userDataDir, 'runtimes.json')

/**
 * The paths the user set, one per runtime, in `{userData}/runtimes.json`. Read from the file each
 * time, so the app and the CLI see each other's change; a damaged file counts as none set.
 */
export class RuntimePathStore {
  constructor(private readonly file: string) {}

  async read(): Promise<RuntimePaths> {
    const text = await readFile(this.file, 'utf8').catch(() => undefined)
    if (text === undefined) return {}
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data.paths : {}
    } catch {
      return {}
    }
  }

  /** Sets (checked: an absolute path to an existing executable) or clears a runtime's path. */
  async set(runtime: RuntimeName, path: string | null): Promise<RuntimePaths> {
    const paths = { ...(await this.read()) }
    if (path === null || path.trim() === '') delete paths[runtime]
    else {
      const problem = await executableProblem(path.trim())
      if (problem) throw new RuntimePathError(`path of ${runtime}: ${problem} — give the absolute path of the ${runtime} executable`)
      paths[runtime] = path.trim()
    }
    await writeFileAtomic(this.file, `${JSON.stringify({ version: 1, paths }, null, 2)}\n`)
    return paths
  }
}
