import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import yazl from 'yazl'

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')

/** The tiny stdio server every test extension runs (no dependencies: it runs from its own folder). */
export const HELLO_SERVER = readFileSync(join(ROOT, 'tests/fixtures/extensions/hello/server/index.mjs'))

export interface ArchiveEntry {
  name: string
  data?: Buffer | string
  /** unix mode, e.g. 0o120777 for a symbolic link */
  mode?: number
  directory?: boolean
  compress?: boolean
}

/** A zip built with yazl, the way extension packers build them. */
export function zip(entries: ArchiveEntry[]): Promise<Buffer> {
  const file = new yazl.ZipFile()
  for (const entry of entries) {
    if (entry.directory) file.addEmptyDirectory(entry.name, { mode: entry.mode })
    else file.addBuffer(Buffer.from(entry.data ?? ''), entry.name, { mode: entry.mode, compress: entry.compress ?? true })
  }
  file.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    file.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject)
  })
}

/**
 * yazl refuses hostile names (as it should), so a test writes a harmless one of the same length
 * and swaps the bytes afterwards, in the local header and the central directory alike.
 */
export function renameEntry(archive: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('renameEntry needs names of the same length')
  const out = Buffer.from(archive)
  const needle = Buffer.from(from)
  let at = out.indexOf(needle)
  let count = 0
  while (at >= 0) {
    Buffer.from(to).copy(out, at)
    count++
    at = out.indexOf(needle, at + needle.length)
  }
  if (count < 2) throw new Error(`entry ${from} not found in both headers`)
  return out
}

/** Sets the uncompressed size the central directory declares for an entry (a lying archive). */
export function declareSize(archive: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(archive)
  const needle = Buffer.from(name)
  // central directory headers: signature 0x02014b50, the name at offset 46, the size at 24
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    const nameLength = out.readUInt16LE(at + 28)
    if (out.subarray(at + 46, at + 46 + nameLength).equals(needle)) {
      out.writeUInt32LE(size, at + 24)
      return out
    }
  }
  throw new Error(`no central directory entry for ${name}`)
}

export type ManifestOverrides = Record<string, unknown>

/** A valid manifest (0.3) for the hello server; `overrides` are merged over the top level. */
export function helloManifest(overrides: ManifestOverrides = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'hello-extension',
    display_name: 'Hello Extension',
    version: '1.0.0',
    description: 'Says hello',
    author: { name: 'Test Author', url: 'https://example.com' },
    keywords: ['greeting', 'test'],
    icon: 'icon.png',
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.mjs'],
        env: { GREETING: '${user_config.greeting}', API_KEY: '${user_config.api_key}', HELLO_VERSION: '1.0.0' }
      }
    },
    tools: [{ name: 'hello', description: 'Greets someone' }],
    prompts: [{ name: 'welcome', description: 'A welcome', text: 'Welcome!' }],
    user_config: {
      greeting: { type: 'string', title: 'Greeting', description: 'How to greet', required: true },
      api_key: { type: 'string', title: 'API key', description: 'A secret', sensitive: true, required: false }
    },
    ...overrides
  }
}

/** 1×1 PNG */
export const ICON = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** A whole extension archive: the manifest, the hello server, its icon, and any extra entries. */
export function helloArchive(manifest: Record<string, unknown> = helloManifest(), extra: ArchiveEntry[] = []): Promise<Buffer> {
  return zip([
    { name: 'manifest.json', data: JSON.stringify(manifest, null, 2) },
    { name: 'server/index.mjs', data: HELLO_SERVER },
    { name: 'icon.png', data: ICON },
    ...extra
  ])
}
