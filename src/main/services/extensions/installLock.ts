import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { ExtensionError } from './extensionError'
import { sanitizeName } from './manifest'

/**
 * One install of an extension at a time (by its folder name, so "My Tool" and "my-tool" count
 * as one): a double-click and a drop in the same window, or the app and the CLI, would otherwise
 * both swap the same folder and add two servers. Inside this process a set of names refuses the
 * second at once; across processes a lock folder `{extensions}/.{name}.lock` (proper-lockfile:
 * created with mkdir, which only one process wins, and kept fresh while held) does the same. A
 * lock left by a process that died goes stale after STALE_MS and is taken over.
 */

const STALE_MS = 10_000
const running = new Set<string>()

function busy(name: string, where: string): ExtensionError {
  return new ExtensionError('INSTALL_IN_PROGRESS', `an install of "${name}" is already running${where}; wait for it to finish, then try again`)
}

/** Runs `work` holding the install lock of `name`; refused at once while another install of it holds it. */
export async function withInstallLock<T>(extensionsRoot: string, name: string, work: (held: () => void) => Promise<T>): Promise<T> {
  const key = sanitizeName(name)
  if (running.has(key)) throw busy(name, '')
  running.add(key)
  try {
    await mkdir(extensionsRoot, { recursive: true })
    let lost: Error | undefined
    let release: () => Promise<void>
    try {
      release = await lockfile.lock(join(extensionsRoot, key), {
        realpath: false,
        lockfilePath: join(extensionsRoot, `.${key}.lock`),
        stale: STALE_MS,
        retries: 0,
        // the default throws from a timer, which would end the process
        onCompromised: (error) => {
          lost = error
        }
      })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw busy(name, ' in another MCP Studio process (the app or the CLI)')
      throw error
    }
    // called before each step that changes the folder: a lock taken over (this process stalled
    // past STALE_MS) must not swap a folder another install now owns
    const held = () => {
      if (lost) throw busy(name, ' in another MCP Studio process, which took over this one\'s lock')
    }
    try {
      return await work(held)
    } finally {
      await release().catch(() => undefined)
    }
  } finally {
    running.delete(key)
  }
}
