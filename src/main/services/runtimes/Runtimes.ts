import type { RuntimeName, RuntimeStatus } from '@shared/mcp/runtimeOf'
import type { LoginShellEnv } from '../mcp/shellEnv'
import { detectRuntimes } from './detectRuntimes'
import { RuntimePathStore, type RuntimePaths } from './runtimePaths'

export interface RuntimesOptions {
  /** the paths the user set */
  paths: RuntimePathStore
  /** the login shell's environment, as stdio servers get it */
  loginEnv: () => Promise<LoginShellEnv>
  binDirs: readonly string[]
}

/**
 * The runtimes on this computer: detected once (each runtime's `--version` runs), kept, and
 * detected again when asked (Re-check) or when the user sets a path.
 */
export class Runtimes {
  private cached: Promise<RuntimeStatus[]> | undefined

  constructor(private readonly options: RuntimesOptions) {}

  list(): Promise<RuntimeStatus[]> {
    return (this.cached ??= this.detect())
  }

  refresh(): Promise<RuntimeStatus[]> {
    this.cached = this.detect()
    return this.cached
  }

  async setPath(runtime: RuntimeName, path: string | null): Promise<RuntimeStatus[]> {
    await this.options.paths.set(runtime, path)
    return this.refresh()
  }

  /** What a server start uses: the paths the user set. */
  configured(): Promise<RuntimePaths> {
    return this.options.paths.read()
  }

  private async detect(): Promise<RuntimeStatus[]> {
    const [login, configured] = await Promise.all([this.options.loginEnv(), this.options.paths.read()])
    const result = detectRuntimes({ env: login.env, binDirs: this.options.binDirs, configured })
    // a failed detection is not kept: the next ask tries again
    result.catch(() => (this.cached = undefined))
    return result
  }
}
