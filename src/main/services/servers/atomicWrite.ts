import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { stampOf, type FileStamp } from './fileStamp'

// per process, so two registries in one process never share a temp name
let counter = 0

/**
 * Replaces `file` with `text` so that a crash at any moment leaves either the old or the new
 * file, never a mix: temp file (0600, secrets may be inside) → fsync → rename → fsync the folder.
 * Returns the stamp of what now sits at `file` (taken from the temp file: rename keeps it).
 */
export async function writeFileAtomic(file: string, text: string): Promise<FileStamp> {
  const dir = dirname(file)
  await mkdir(dir, { recursive: true })
  const tmp = `${file}.${process.pid}.${++counter}.tmp`
  let stamp: FileStamp
  const handle = await open(tmp, 'w', 0o600)
  try {
    // the umask can only narrow the mode; chmod covers a temp name left over with wider rights
    await handle.chmod(0o600)
    await handle.writeFile(text, 'utf8')
    await handle.sync()
    stamp = stampOf(await handle.stat())
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(tmp, { force: true }).catch(() => undefined)
    throw error
  }
  await handle.close()
  try {
    await rename(tmp, file)
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDir(dir)
  return stamp
}

/** Makes the rename itself durable; Windows cannot open a folder for that, which is fine there. */
async function syncDir(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES' && code !== 'EINVAL') throw error
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

const STALE_AFTER_MS = 60_000

/**
 * Deletes `file.<pid>.<n>.tmp` left by a process that died mid-write. A temp file of a live
 * process (the CLI writing right now) is left alone unless it is old enough to be a leftover
 * whose pid was reused.
 */
export async function removeStaleTemps(file: string): Promise<void> {
  const dir = dirname(file)
  const prefix = `${basename(file)}.`
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return
  }
  for (const name of names) {
    const match = name.startsWith(prefix) ? /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length)) : null
    if (!match) continue
    const path = join(dir, name)
    const old = await stat(path).then((s) => Date.now() - s.mtimeMs > STALE_AFTER_MS, () => false)
    if (old || !isAlive(Number(match[1]))) await rm(path, { force: true }).catch(() => undefined)
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, it is just not ours
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
