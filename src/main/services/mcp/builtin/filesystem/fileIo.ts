import { randomBytes } from 'node:crypto'
import { lstat, open, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { createInterface } from 'node:readline'
import { SwappedPathError, holdFolder, type AllowedCheck } from './verifiedOpen'

export const MB = 1024 * 1024
/** read_text_file reads whole files up to this size; beyond it, head or tail */
export const TEXT_LIMIT = 10 * MB
/** read_media_file: the base64 of this is what goes over the connection */
export const MEDIA_LIMIT = 20 * MB

export const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < MB ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / MB).toFixed(1)} MB`

/**
 * Replaces `file` (a real path) so a crash leaves the old or the new file, never half of one: a
 * temp file in the same folder, fsync, rename. The rename replaces the entry itself, so nothing
 * at `file` is followed, and the folder is held open and checked first, so a folder swapped for a
 * link after the guard looked cannot take the write elsewhere. An existing file keeps its permissions.
 */
export async function writeFileAtomically(file: string, content: string, requested: string, allowed: AllowedCheck): Promise<void> {
  const folder = await holdFolder(dirname(file), requested, allowed)
  try {
    const target = folder.entry(basename(file))
    const previous = await lstat(target).catch(() => undefined)
    if (previous?.isDirectory()) throw new Error(`"${file}" is a folder, not a file`)
    // the guard saw no link here: one now was put in since
    if (previous?.isSymbolicLink()) throw new SwappedPathError(requested)
    const tmp = folder.entry(`.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
    // "wx": created here and now, never a link someone left in its place
    const handle = await open(tmp, 'wx', 0o666)
    try {
      if (previous) await handle.chmod(previous.mode & 0o777)
      await handle.writeFile(content, 'utf8')
      await handle.sync()
      await handle.close()
      await rename(tmp, target)
    } catch (error) {
      await handle.close().catch(() => undefined)
      await rm(tmp, { force: true }).catch(() => undefined)
      throw error
    }
  } finally {
    await folder.close()
  }
}

/** A NUL byte in the first 8 KB: what git and grep take as "binary". */
export const looksBinary = (bytes: Buffer) => bytes.subarray(0, 8192).includes(0)

/** A whole text file within the size limit; a folder or a binary file is refused with where to go instead. */
export async function readWholeText(handle: FileHandle, requested: string): Promise<string> {
  const info = await handle.stat()
  if (info.isDirectory()) throw new Error(`"${requested}" is a folder; use list_directory or directory_tree.`)
  if (info.size > TEXT_LIMIT) {
    throw new Error(
      `"${requested}" is ${formatSize(info.size)}, over the ${formatSize(TEXT_LIMIT)} limit for reading a whole file. ` +
        'Read a part of it with head (the first N lines) or tail (the last N lines).'
    )
  }
  const bytes = await handle.readFile()
  if (looksBinary(bytes)) throw new Error(`"${requested}" is not a text file; use read_media_file for images and audio.`)
  return bytes.toString('utf8')
}

/** The first `count` lines, read only as far as needed. */
export async function readHead(handle: FileHandle, count: number): Promise<string> {
  // the caller closes the handle
  const stream = handle.createReadStream({ encoding: 'utf8', autoClose: false, start: 0 })
  const lines = createInterface({ input: stream, crlfDelay: Infinity })
  const out: string[] = []
  let bytes = 0
  try {
    for await (const line of lines) {
      out.push(line)
      bytes += line.length + 1
      if (bytes > TEXT_LIMIT) throw new Error(`The first ${count} lines are over ${formatSize(TEXT_LIMIT)}; ask for fewer lines.`)
      if (out.length >= count) break
    }
  } finally {
    lines.close()
    stream.destroy()
  }
  return out.join('\n')
}

/** The last `count` lines, read backwards from the end in chunks. */
export async function readTail(handle: FileHandle, count: number): Promise<string> {
  const { size } = await handle.stat()
  const chunks: Buffer[] = []
  let position = size
  let newlines = 0
  // one newline more than lines wanted: the first line read may be cut, and the last newline may end the file
  while (position > 0 && newlines <= count) {
    const length = Math.min(64 * 1024, position)
    position -= length
    const chunk = Buffer.alloc(length)
    await handle.read(chunk, 0, length, position)
    chunks.unshift(chunk)
    for (const byte of chunk) if (byte === 0x0a) newlines++
    if (size - position > TEXT_LIMIT + 64 * 1024) throw new Error(`The last ${count} lines are over ${formatSize(TEXT_LIMIT)}; ask for fewer lines.`)
  }
  const lines = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '').split(/\r?\n/)
  return lines.slice(-count).join('\n')
}
