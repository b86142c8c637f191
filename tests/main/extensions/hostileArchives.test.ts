import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ExtensionInstaller } from '../../../src/main/services/extensions/ExtensionInstaller'
import { extractZip } from '../../../src/main/services/extensions/safeExtract'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { tempDir } from '../services/helpers'
import { declareSize, helloArchive, helloManifest, renameEntry, zip } from './archives'

const LIMITS = { maxEntries: 50, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 }

const installers: ExtensionInstaller[] = []
afterEach(async () => {
  await Promise.all(installers.splice(0).map((installer) => installer.staging.discardAll()))
})

async function setup() {
  const tempRoot = tempDir('mcp-ext-tmp-')
  const userDataDir = tempDir('mcp-ext-user-')
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const installer = new ExtensionInstaller({ userDataDir, registry, tempRoot, limits: LIMITS })
  installers.push(installer)
  const extensions = join(userDataDir, 'mcp', 'extensions')
  /** nothing of the archive is left: no stage folder, no temp file, no extension folder, no server */
  const nothingLeft = () => {
    expect(readdirSync(tempRoot)).toEqual([])
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
    expect(registry.snapshot().servers).toEqual([])
  }
  return { tempRoot, installer, registry, nothingLeft }
}

/** what the refusal says, with its code */
async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e as { code: string; message: string }
  )
  expect(error, 'expected the archive to be refused').toBeDefined()
  return { code: error!.code, message: error!.message }
}

describe('hostile archives are refused, and nothing of them is left', () => {
  it.each([
    ['a "../" entry', 'XX/XX/escaped.txt', '../../escaped.txt', /climbs out of the folder/],
    ['an absolute path', '_tmp_escaped_abs.txt', '/tmp_escaped_abs.txt', /absolute path/],
    ['a backslash path', 'a_b_escaped.txt', 'a\\..\\escape.txt', /backslash/],
    ['a drive-letter name', 'Cx_escaped.txt', 'C:/escaped.txt', /drive letter/]
  ])('%s', async (_what, harmless, hostile, why) => {
    const { tempRoot, installer, nothingLeft } = await setup()
    const archive = renameEntry(await helloArchive(helloManifest(), [{ name: harmless, data: 'owned' }]), harmless, hostile)
    const { code, message } = await refusal(installer.stage('evil.mcpb', archive))
    expect(code).toBe('UNSAFE_ARCHIVE')
    expect(message).toMatch(why)
    expect(message).toContain(hostile)
    nothingLeft()
    // nowhere the entry could have landed
    for (const place of [tempRoot, dirname(tempRoot), '/']) expect(existsSync(join(place, 'escaped.txt'))).toBe(false)
    expect(existsSync('/tmp_escaped_abs.txt')).toBe(false)
  })

  it('a symbolic link entry', async () => {
    const { installer, nothingLeft } = await setup()
    const archive = await helloArchive(helloManifest(), [{ name: 'server/link', data: '/etc/passwd', mode: 0o120777 }])
    const { code, message } = await refusal(installer.stage('link.mcpb', archive))
    expect(code).toBe('UNSAFE_ARCHIVE')
    expect(message).toBe('the archive entry "server/link" is a symbolic link; extensions may not contain links; nothing was installed')
    nothingLeft()
  })

  it('a zip bomb that declares its huge size: refused before inflating', async () => {
    const { installer, nothingLeft } = await setup()
    const bomb = Buffer.alloc(20 * 1024 * 1024) // zeros: 20 MB deflate to ~20 KB
    const archive = await helloArchive(helloManifest(), [{ name: 'server/bomb.bin', data: bomb }])
    expect(archive.length).toBeLessThan(200 * 1024)
    const { code, message } = await refusal(installer.stage('bomb.mcpb', archive))
    expect(code).toBe('ARCHIVE_TOO_LARGE')
    expect(message).toBe('"server/bomb.bin" unpacks to more than 1 MB (a zip bomb?); extraction stopped, nothing was installed')
    nothingLeft()
  })

  it('a zip bomb that lies about its size: extraction stops at the size it declared, never writing the rest', async () => {
    const archive = declareSize(await zip([{ name: 'bomb.bin', data: Buffer.alloc(50 * 1024 * 1024) }]), 'bomb.bin', 1000)
    const target = join(tempDir('mcp-ext-bomb-'), 'content')
    await mkdir(target)
    const { code, message } = await refusal(extractZip(archive, target, LIMITS))
    expect(code).toBe('UNSAFE_ARCHIVE')
    expect(message).toMatch(/unpacks to another size than it declares/)
    // extractZip leaves the cleanup to its caller: what it wrote before stopping is still here to measure
    const written = existsSync(join(target, 'bomb.bin')) ? statSync(join(target, 'bomb.bin')).size : 0
    expect(written).toBeLessThanOrEqual(LIMITS.maxEntryBytes)
  })

  it('a zip bomb of many files each under the limit: stopped at the total', async () => {
    const { installer, nothingLeft } = await setup()
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `server/part${i}.bin`, data: Buffer.alloc(900 * 1024) }))
    const { code, message } = await refusal(installer.stage('parts.mcpb', await helloArchive(helloManifest(), parts)))
    expect(code).toBe('ARCHIVE_TOO_LARGE')
    expect(message).toBe('the archive unpacks to more than 2 MB (a zip bomb?); extraction stopped, nothing was installed')
    nothingLeft()
  })

  it('too many entries', async () => {
    const { installer, nothingLeft } = await setup()
    const many = Array.from({ length: 60 }, (_, i) => ({ name: `server/f${i}.txt`, data: 'x' }))
    const { code, message } = await refusal(installer.stage('many.mcpb', await helloArchive(helloManifest(), many)))
    expect(code).toBe('ARCHIVE_TOO_LARGE')
    expect(message).toBe('the archive has 63 entries, more than the 50 allowed; nothing was installed')
    nothingLeft()
  })

  it('two entries with the same name', async () => {
    const { installer, nothingLeft } = await setup()
    const archive = renameEntry(await helloArchive(helloManifest(), [{ name: 'server/index.mjX', data: 'x' }]), 'server/index.mjX', 'server/index.mjs')
    const { code, message } = await refusal(installer.stage('twice.mcpb', archive))
    expect(code).toBe('UNSAFE_ARCHIVE')
    expect(message).toMatch(/two entries with the same name/)
    nothingLeft()
  })

  it('a manifest that fails the official schema: the error names the path', async () => {
    const { installer, nothingLeft } = await setup()
    const manifest = helloManifest()
    ;(manifest.server as { type: string }).type = 'ruby'
    const { code, message } = await refusal(installer.stage('schema.mcpb', await helloArchive(manifest)))
    expect(code).toBe('BAD_MANIFEST')
    expect(message).toMatch(/^manifest\.json: server\.type: /)
    nothingLeft()
  })

  it('a manifest with an unknown version, or none', async () => {
    const { installer, nothingLeft } = await setup()
    const unknown = await refusal(installer.stage('v.mcpb', await helloArchive(helloManifest({ manifest_version: '9.9' }))))
    expect(unknown.message).toBe('manifest.json: manifest version "9.9" is not supported (known: 0.1, 0.2, 0.3, 0.4)')
    const none = await refusal(installer.stage('v.mcpb', await helloArchive(helloManifest({ manifest_version: undefined }))))
    expect(none.message).toBe('manifest.json: manifest_version (or the older dxt_version) is missing')
    nothingLeft()
  })

  it('no manifest at all, or not a zip', async () => {
    const { installer, nothingLeft } = await setup()
    const bare = await refusal(installer.stage('bare.mcpb', await zip([{ name: 'server/index.mjs', data: 'x' }])))
    expect(bare).toEqual({ code: 'BAD_MANIFEST', message: 'the archive has no manifest.json at its top level: it is not a desktop extension' })
    const junk = await refusal(installer.stage('junk.mcpb', Buffer.from('this is not a zip file at all, just text')))
    expect(junk.code).toBe('BAD_ARCHIVE')
    expect(junk.message).toMatch(/^the file is not a readable zip archive: /)
    nothingLeft()
  })

  it.each([
    ['entry_point', { type: 'node', entry_point: '../../etc/passwd', mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'] } }, /server\.entry_point "\.\.\/\.\.\/etc\/passwd" must be a path inside the extension/],
    ['the command', { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: '${__dirname}/../../bin/sh', args: [] } }, /server\.mcp_config command "\$\{__dirname\}\/\.\.\/\.\.\/bin\/sh" climbs out of the extension/],
    ['an argument', { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${__dirname}/../outside.js'] } }, /server\.mcp_config args\.0 .* climbs out of the extension/],
    ['a platform override', { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: [], platform_overrides: { [process.platform]: { command: '..\\..\\cmd.exe' } } } }, /server\.mcp_config command .* climbs out/]
  ])('".." in %s', async (_what, server, why) => {
    const { installer, nothingLeft } = await setup()
    const { code, message } = await refusal(installer.stage('dots.mcpb', await helloArchive(helloManifest({ server }))))
    expect(code).toBe('BAD_MANIFEST')
    expect(message).toMatch(why)
    nothingLeft()
  })

  it('a variable the manifest may not use, or a setting it does not declare', async () => {
    const { installer, nothingLeft } = await setup()
    const unknownVariable = { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${SECRET_STUFF}'] } }
    expect((await refusal(installer.stage('var.mcpb', await helloArchive(helloManifest({ server: unknownVariable }))))).message).toBe(
      'manifest.json: server.mcp_config args.0 uses ${SECRET_STUFF}, which is not a variable extensions may use'
    )
    const undeclared = { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${user_config.nope}'] } }
    expect((await refusal(installer.stage('var.mcpb', await helloArchive(helloManifest({ server: undeclared }))))).message).toBe(
      'manifest.json: server.mcp_config args.0 uses ${user_config.nope}, which user_config does not declare'
    )
    nothingLeft()
  })

  it('a ${user_config.x} value of "../../": refused at install, nothing placed, and still staged to correct', async () => {
    const { installer, tempRoot, registry } = await setup()
    const manifest = helloManifest()
    ;(manifest.user_config as Record<string, unknown>).folder = { type: 'directory', title: 'Folder', description: 'Where', required: false }
    ;(manifest.server as { mcp_config: { args: string[] } }).mcp_config.args.push('--root=${user_config.folder}/data')
    const preview = await installer.stage('hello.mcpb', await helloArchive(manifest))
    const { code, message } = await refusal(installer.install(preview.stageId, { greeting: 'Hi', folder: '../../' }))
    expect(code).toBe('BAD_CONFIG')
    expect(message).toBe('${user_config.folder} (in args.1) is "../../", which climbs out of its folder with ".."; give a path without ".."')
    expect(registry.snapshot().servers).toEqual([])
    expect(readdirSync(tempRoot)).toHaveLength(1) // the stage, for another try
    await installer.discard(preview.stageId)
    expect(readdirSync(tempRoot)).toEqual([])
  })

  it('a file that is not an extension by its name', async () => {
    const { installer, nothingLeft } = await setup()
    const { code, message } = await refusal(installer.stage('notes.txt', await helloArchive()))
    expect(code).toBe('BAD_ARCHIVE')
    expect(message).toBe('"notes.txt" is not an extension: choose a .mcpb or .dxt file')
    nothingLeft()
  })
})
