import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { App } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { assembleHost } from '../../../src/main/createHost'
import { registerExtensionFiles } from '../../../src/main/platform/electronExtensionFiles'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { extensionFileAt, extensionFilesIn } from '../../../src/main/services/extensions/openedFiles'
import { OpenedFileInbox } from '../../../src/main/services/extensions/OpenedFileInbox'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { tempFolders } from '../../support/tempFolders'
import { helloArchive } from './archives'

const folders = tempFolders()
const tempDir = folders.make
afterEach(folders.removeAll)

/** a folder with an extension of each kind and the things a double-click must never open */
function downloads() {
  const dir = tempDir('mcp-opened-')
  const file = (name: string, body = 'PK') => (writeFileSync(join(dir, name), body), join(dir, name))
  const mcpb = file('hello.mcpb')
  const dxt = file('Old One.DXT')
  const zip = file('hello.zip')
  const text = file('notes.txt')
  mkdirSync(join(dir, 'folder.mcpb'))
  symlinkSync(join(dir, 'nowhere.mcpb'), join(dir, 'dangling.mcpb'))
  return { dir, mcpb, dxt, zip, text }
}

describe('which arguments are extension files (openedFiles.ts)', () => {
  it('takes only existing regular .mcpb/.dxt files, whatever the case of the extension', () => {
    const { dir, mcpb, dxt, zip, text } = downloads()
    expect(extensionFileAt(mcpb, '/')).toBe(mcpb)
    expect(extensionFileAt(dxt, '/')).toBe(dxt)
    for (const other of [zip, text, join(dir, 'folder.mcpb'), join(dir, 'dangling.mcpb'), join(dir, 'missing.mcpb'), '', `${mcpb}\0`]) {
      expect(extensionFileAt(other, '/'), other).toBeUndefined()
    }
  })

  it('resolves a relative path against the launching folder, and reads file: URLs (Linux desktop entries pass them)', () => {
    const { dir, mcpb, dxt } = downloads()
    expect(extensionFileAt('hello.mcpb', dir)).toBe(mcpb)
    expect(extensionFileAt('hello.mcpb', tmpdir())).toBeUndefined()
    expect(extensionFileAt(pathToFileURL(dxt).href, '/')).toBe(dxt)
    expect(extensionFileAt('file://not a url%', '/')).toBeUndefined()
    // a link or a web address is never a file, even one that ends in .mcpb
    expect(extensionFileAt('mcpstudio://install?servers=e30&x=.mcpb', dir)).toBeUndefined()
    expect(extensionFileAt('https://example.com/hello.mcpb', dir)).toBeUndefined()
  })

  it('picks the files out of a process\'s arguments: not the executable, not flags, each once, in order', () => {
    const { dir, mcpb, dxt, text } = downloads()
    // the executable itself is skipped even when it looks like an extension
    expect(extensionFilesIn([mcpb], dir)).toEqual([])
    expect(
      extensionFilesIn(['/opt/MCP Studio/mcp-studio', '--no-sandbox', '-psn_0_123', '.', text, 'hello.mcpb', dxt, mcpb, 'mcpstudio://install?servers=e30'], dir)
    ).toEqual([mcpb, dxt])
    // a development run: `electron . file.mcpb` (the app's folder is not a file)
    expect(extensionFilesIn(['/usr/bin/electron', '.', 'hello.mcpb'], dir)).toEqual([mcpb])
  })

  it('stops at 20 files: a double-click is not a flood', () => {
    const dir = tempDir('mcp-opened-many-')
    const names = Array.from({ length: 30 }, (_, i) => `x${i}.mcpb`)
    for (const name of names) writeFileSync(join(dir, name), 'PK')
    expect(extensionFilesIn(['app', ...names], dir)).toHaveLength(20)
  })
})

describe('the opened-file inbox', () => {
  it('keeps files until the window takes them, each handed out once, by id and name, never by path', () => {
    const inbox = new OpenedFileInbox()
    let told = 0
    inbox.onArrival(() => told++)
    inbox.deliver('/home/ada/Downloads/hello.mcpb')
    expect(told).toBe(1)
    const [file, ...rest] = inbox.take()
    expect(rest).toEqual([])
    expect(file.fileName).toBe('hello.mcpb')
    expect(JSON.stringify(file)).not.toContain('Downloads')
    expect(inbox.take()).toEqual([])
    expect(inbox.pathOf(file.openedId)).toBe('/home/ada/Downloads/hello.mcpb')
    expect(inbox.pathOf('made-up')).toBeUndefined()
  })

  it('keeps only the newest 20', () => {
    const inbox = new OpenedFileInbox()
    for (let i = 0; i < 25; i++) inbox.deliver(`/d/x${i}.mcpb`)
    const files = inbox.take()
    expect(files.map((f) => f.fileName)).toEqual(Array.from({ length: 20 }, (_, i) => `x${i + 5}.mcpb`))
  })
})

describe('extension files in Electron (the adapter, on a stand-in for app)', () => {
  function fakeApp() {
    const emitter = new EventEmitter()
    return { app: emitter as unknown as App, emitter }
  }

  it('hands over the start file, open-file (macOS, even before ready) and a second instance\'s argv in its own folder', () => {
    const { dir, mcpb, dxt, text } = downloads()
    const { app, emitter } = fakeApp()
    const got: string[] = []
    registerExtensionFiles(app, (path) => got.push(path), ['/opt/MCP Studio/mcp-studio', mcpb], '/')
    expect(got).toEqual([mcpb])

    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    emitter.emit('open-file', event, dxt)
    emitter.emit('open-file', event, text)
    expect(prevented).toBe(1)
    // Windows and Linux: the second instance's relative path is its own folder's
    emitter.emit('second-instance', {}, ['/opt/MCP Studio/mcp-studio', '--original-process-start-time=1', 'hello.mcpb'], dir)
    expect(got).toEqual([mcpb, dxt, mcpb])
  })
})

describe('opened files through the host', () => {
  function host(openedExtensions?: OpenedFileInbox) {
    const userDataDir = tempDir('mcp-opened-host-')
    let emit: (event: never, payload: unknown) => void = () => {}
    const platform = createNodePlatform({ userDataDir, onEvent: (event, payload) => emit(event as never, payload) })
    const built = assembleHost(
      { platform, mode: openedExtensions ? 'electron' : 'browser', openedExtensions, windows: { openTraceWindow: () => ({ opened: true }) } },
      new ServerRegistry({ userDataDir })
    )
    const direct = createDirectApi(built.router)
    emit = direct.emit
    return { host: built, api: direct.api }
  }

  it('extensions:files-opened tells the window; it takes the file and stages it by id; nothing is installed', async () => {
    const dir = tempDir('mcp-opened-file-')
    const path = join(dir, 'hello.mcpb')
    writeFileSync(path, await helloArchive())
    const inbox = new OpenedFileInbox()
    const { host: built, api } = host(inbox)
    try {
      const told: unknown[] = []
      api.on('extensions:files-opened', (payload) => told.push(payload))
      inbox.deliver(path)
      expect(told).toEqual([{}])
      const [file] = await api.extensions.takeOpened()
      expect(file.fileName).toBe('hello.mcpb')
      expect(await api.extensions.takeOpened()).toEqual([])

      const preview = await api.extensions.stageOpened({ openedId: file.openedId })
      expect(preview).toMatchObject({ name: 'hello-extension', displayName: 'Hello Extension', version: '1.0.0' })
      // only the dialog's Install installs
      expect((await api.servers.list()).servers).toEqual([])
      await api.extensions.discard({ stageId: preview.stageId })

      await expect(api.extensions.stageOpened({ openedId: 'never-given' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_FOUND' })
      // gone since it was opened: said plainly, no stack
      rmSync(path)
      const error = await api.extensions.stageOpened({ openedId: file.openedId }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'BAD_ARCHIVE', message: expect.stringContaining('"hello.mcpb" cannot be read any more') })
      expect(String((error as { message: string }).message)).not.toMatch(/\n\s+at /)
    } finally {
      await built.close()
    }
  })

  it('browser mode has no inbox: nothing to take, nothing to stage', async () => {
    const { host: built, api } = host()
    try {
      expect(await api.extensions.takeOpened()).toEqual([])
      await expect(api.extensions.stageOpened({ openedId: 'x' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_FOUND' })
    } finally {
      await built.close()
    }
  })
})
