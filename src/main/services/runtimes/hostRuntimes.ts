import { defaultBinDirs } from '../mcp/mcpServiceOptions'
import { sharedLoginShellEnv, type LoginShellEnv } from '../mcp/shellEnv'
import { Runtimes } from './Runtimes'
import { RuntimePathStore, runtimePathsFile } from './runtimePaths'

/** The runtimes of an app or CLI run: searched as its servers' commands are (same login shell, same bundled tools). */
export function hostRuntimes(userDataDir: string, lookup?: { loginShellEnv?: () => Promise<LoginShellEnv>; binDirs?: string[] }): Runtimes {
  return new Runtimes({
    paths: new RuntimePathStore(runtimePathsFile(userDataDir)),
    loginEnv: lookup?.loginShellEnv ?? sharedLoginShellEnv,
    binDirs: lookup?.binDirs ?? defaultBinDirs()
  })
}
