import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { entryPath } from './entryNames'
import { ExtensionError } from './extensionError'

export interface ExtractLimits {
  maxEntries: number
  /** uncompressed bytes of one file */
  maxEntryBytes: number
  /** uncompressed bytes of all files */
  maxTotalBytes: number
}

export const DEFAULT_LIMITS: ExtractLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024
}

const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const UTF8_NAMES = 0x800

// names are decoded here, not by yauzl, so our own checks see every entry and word the refusal
function nameOf(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer
  return raw.toString(entry.generalPurposeBitFlag & UTF8_NAMES ? 'utf8' : 'latin1')
}

/** A symlink, device or FIFO in the archive: only files and folders are extracted. */
function kindOf(entry: Entry, name: string): 'file' | 'dir' {
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
  if (mode === 0o120000) throw new ExtensionError('UNSAFE_ARCHIVE', `the archive entry "${name}" is a symbolic link; extensions may not contain links; nothing was installed`)
  if (mode && mode !== S_IFREG && mode !== S_IFDIR) throw new ExtensionError('UNSAFE_ARCHIVE', `the archive entry "${name}" is not a plain file or folder; nothing was installed`)
  return name.endsWith('/') || mode === S_IFDIR ? 'dir' : 'file'
}

const tooLarge = (what: string, limit: number) =>
  new ExtensionError('ARCHIVE_TOO_LARGE', `${what} unpacks to more than ${Math.round(limit / 1024 / 1024)} MB (a zip bomb?); extraction stopped, nothing was installed`)

/**
 * Extracts a zip held in memory into `target` (an empty folder the caller owns and removes on
 * failure). Sizes are counted while inflating, not trusted from the headers, so an archive that
 * lies about them stops at the limit instead of filling the disk.
 */
export async function extractZip(data: Buffer, target: string, limits: ExtractLimits = DEFAULT_LIMITS): Promise<number> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, file) =>
      error ? reject(damaged(error)) : resolve(file)
    )
  )
  if (zip.entryCount > limits.maxEntries) {
    zip.close()
    throw new ExtensionError('ARCHIVE_TOO_LARGE', `the archive has ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed; nothing was installed`)
  }
  let total = 0
  let files = 0
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = nameOf(entry)
      const path = entryPath(target, name.replace(/\/+$/, '') || name)
      if (kindOf(entry, name) === 'dir') {
        await mkdir(path, { recursive: true })
        continue
      }
      if (entry.uncompressedSize > limits.maxEntryBytes) throw tooLarge(`"${name}"`, limits.maxEntryBytes)
      if (total + entry.uncompressedSize > limits.maxTotalBytes) throw tooLarge('the archive', limits.maxTotalBytes)
      await mkdir(dirname(path), { recursive: true })
      const counted = { bytes: 0 }
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counted.bytes += chunk.length
          if (counted.bytes > limits.maxEntryBytes) return done(tooLarge(`"${name}"`, limits.maxEntryBytes))
          if (total + counted.bytes > limits.maxTotalBytes) return done(tooLarge('the archive', limits.maxTotalBytes))
          done(null, chunk)
        }
      })
      // 'wx': never follows or overwrites anything already there
      await pipeline(await openEntry(zip, entry), counter, createWriteStream(path, { flags: 'wx', mode: 0o644 | (entry.externalFileAttributes >>> 16) & 0o111 }))
      total += counted.bytes
      files++
    }
  } catch (error) {
    throw error instanceof ExtensionError ? error : explain(error)
  } finally {
    zip.close()
  }
  return files
}

/** What went wrong while writing the entries, for the user: a lie about sizes, a name twice, damage. */
function explain(error: unknown): ExtensionError {
  const message = (error as Error)?.message ?? String(error)
  if ((error as NodeJS.ErrnoException)?.code === 'EEXIST') {
    return new ExtensionError('UNSAFE_ARCHIVE', 'the archive holds two entries with the same name; nothing was installed')
  }
  // yauzl counts the bytes it inflates against the size the archive declares
  if (/too many bytes in the stream|not enough bytes in the stream/.test(message)) {
    return new ExtensionError('UNSAFE_ARCHIVE', `an entry of the archive unpacks to another size than it declares (${message}); extraction stopped, nothing was installed`)
  }
  return damaged(error)
}

function damaged(error: unknown): ExtensionError {
  return new ExtensionError('BAD_ARCHIVE', `the file is not a readable zip archive: ${(error as Error)?.message ?? String(error)}`)
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry)
      zip.off('end', onEnd)
      zip.off('error', onError)
    }
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry))
    const onEnd = () => (cleanup(), resolve(undefined))
    const onError = (error: Error) => (cleanup(), reject(error))
    zip.on('entry', onEntry)
    zip.on('end', onEnd)
    zip.on('error', onError)
    zip.readEntry()
  })
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))))
}
