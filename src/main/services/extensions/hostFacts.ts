import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { delimiter } from 'node:path'
import which from 'which'
import { runtimeOf, type RuntimeName as SharedRuntimeName } from '@shared/mcp/runtimeOf'
import { configuredCommand } from '../runtimes/configuredCommand'
import type { LoginShellEnv } from '../mcp/shellEnv'
import type { HostFacts } from './compatibility'
import type { Manifest } from './manifest'
import { ownNode } from './ownNode'
import type { McpCommand } from './resolveMcpConfig'
import { chooseRuntime, RuntimeNotFound, type RuntimeHost } from './serverRuntime'

/** Where the runtimes are looked for: the environment servers start with, and the bundled tools. */
export interface RuntimeLookup {
  /** the login shell's environment, as stdio servers get it */
  loginEnv: () => Promise<LoginShellEnv>
  /** folders with bundled helpers (uv), as the command resolver uses them */
  binDirs: readonly string[]
  /** the path the user set per runtime (Settings → Runtimes), which wins over the PATH as at any server's start */
  runtimePaths?: () => Promise<Partial<Record<SharedRuntimeName, string>>>
}

/** `python3 --version` → "3.11.7"; undefined when it does not run or says nothing readable. */
function versionOf(command: string, env: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { env, timeout: 5000, windowsHide: true }, (error, stdout, stderr) => {
      const match = /(\d+\.\d+(?:\.\d+)?)/.exec(`${stdout} ${stderr}`)
      resolve(error || !match ? undefined : match[1])
    })
  })
}

/**
 * This computer as serverRuntime.ts asks about it: commands found on the PATH a server starts
 * with (the login shell's, or the server's own PATH over it), the same search the stdio command
 * resolver makes, so what is checked here is what will run.
 */
export function runtimeHost(env: Record<string, string>, binDirs: readonly string[], setPaths: Partial<Record<SharedRuntimeName, string>> = {}): RuntimeHost {
  const pathExt = env.PATHEXT ?? env.Pathext
  const search = async (command: string, path: string | undefined) => (path ? ((await which(command, { path, pathExt, nothrow: true })) ?? undefined) : undefined)
  // a path set in Runtimes first, as commandResolver.ts takes it; one that no longer works gives way to the PATH
  const setCommand = async (command: string) => {
    const runtime = runtimeOf(command)
    const path = runtime && setPaths[runtime]
    if (!runtime || !path) return undefined
    const chosen = await configuredCommand(command, runtime, path, pathExt)
    return 'command' in chosen && !chosen.argsBefore.length ? chosen.command : undefined
  }
  return {
    find: async (command) =>
      (await setCommand(command)) ?? (await search(command, env.PATH ?? env.Path)) ?? (command === 'uv' ? search(command, binDirs.join(delimiter)) : undefined),
    version: (path) => versionOf(path, env),
    ownNode,
    isDirectory: async (path) => !!(await stat(path).catch(() => undefined))?.isDirectory(),
    delimiter
  }
}

/**
 * What an extension's `compatibility` is checked against: this OS, and the runtime that would run
 * its server here (its version, when the manifest asks for one). A runtime that is missing does
 * not stop the install (it can be installed later); it becomes a note saying what to install.
 */
export async function hostFacts(manifest: Manifest, template: McpCommand, folder: string, lookup: RuntimeLookup): Promise<HostFacts> {
  const login = await lookup.loginEnv()
  const host = runtimeHost({ ...login.env, ...template.env }, lookup.binDirs, await lookup.runtimePaths?.())
  try {
    const choice = await chooseRuntime(
      { type: manifest.server.type, command: template.command, env: template.env, inherited: login.env, dirname: folder, wanted: manifest.compatibility?.runtimes },
      host
    )
    return { platform: process.platform, runtime: choice.runtime, notes: choice.notes }
  } catch (error) {
    if (!(error instanceof RuntimeNotFound)) throw error
    return { platform: process.platform, notes: [error.message] }
  }
}
