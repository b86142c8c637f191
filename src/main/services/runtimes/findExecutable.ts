import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import which from 'which'

/** `command` on the given search path only (never the cwd or this process's PATH). */
export async function findOnPath(command: string, path: string | undefined, pathExt?: string): Promise<string | undefined> {
  if (!path) return undefined
  return (await which(command, { path, pathExt, nothrow: true })) ?? undefined
}

/** Why a path cannot be a runtime's command, or undefined when it can: absolute, a file, executable. */
export async function executableProblem(path: string): Promise<string | undefined> {
  if (!isAbsolute(path)) return `"${path}" is not an absolute path`
  const stats = await stat(path).catch(() => undefined)
  if (!stats) return `${path} does not exist`
  if (!stats.isFile()) return `${path} is not a file`
  if (process.platform !== 'win32' && (await access(path, constants.X_OK).then(() => false, () => true))) return `${path} is not executable`
  return undefined
}
