import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { ExtensionInstaller } from '../../../src/main/services/extensions/ExtensionInstaller'
import { parseManifest } from '../../../src/main/services/extensions/manifest'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { ROOT, tempDir } from '../services/helpers'
import { helloArchive } from './archives'
import { anyKindFields } from '@shared/mcp/server'

/**
 * Two installs of the same extension at once: a double-click and a drop (one process), or the
 * app and the CLI (two). Exactly one may swap the folder and add the server; the other is refused
 * with INSTALL_IN_PROGRESS, and what is left is one whole installed folder, one server, and no
 * temp, half-copied or lock folder.
 */

const children: ChildProcessWithoutNullStreams[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill()
})

async function setup() {
  const userDataDir = tempDir('mcp-ext-race-')
  const tempRoot = tempDir('mcp-ext-race-tmp-')
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const installer = new ExtensionInstaller({ userDataDir, registry, tempRoot, hostFacts: async () => ({ platform: process.platform }) })
  return { userDataDir, tempRoot, registry, installer, extensions: join(userDataDir, 'mcp', 'extensions'), folder: join(userDataDir, 'mcp', 'extensions', 'hello-extension') }
}

/** The installed extension is whole: every file there, the manifest valid. */
function expectWhole(folder: string): void {
  expect(readdirSync(folder).sort()).toEqual(['icon.png', 'manifest.json', 'server'])
  expect(readdirSync(join(folder, 'server'))).toEqual(['index.mjs'])
  expect(parseManifest(readFileSync(join(folder, 'manifest.json'), 'utf8')).name).toBe('hello-extension')
}

/** Another process (tsx running installWorker.ts), with its output as lines to wait for. */
function worker(...args: string[]) {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', join(ROOT, 'tsconfig.node.json'), join(ROOT, 'tests/fixtures/extensions/installWorker.ts'), ...args], { cwd: ROOT })
  children.push(child)
  const lines: string[] = []
  const waiters: (() => void)[] = []
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line)
    waiters.splice(0).forEach((wake) => wake())
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return {
    child,
    exited,
    /** resolves with the first line matching, once it is printed */
    async line(match: (line: string) => boolean): Promise<string> {
      for (;;) {
        const found = lines.find(match)
        if (found !== undefined) return found
        if (child.exitCode !== null) throw new Error(`the worker ended (${child.exitCode}) without printing it: ${stderr}`)
        await Promise.race([new Promise<void>((wake) => waiters.push(wake)), exited])
      }
    }
  }
}

describe('two installs of the same extension at once', () => {
  it('in one process (a double-click and a drop): one wins, the other is refused; one whole folder, one server, nothing left over', async () => {
    const { installer, registry, extensions, folder, tempRoot } = await setup()
    const archive = await helloArchive()
    const [a, b] = [await installer.stage('a.mcpb', archive), await installer.stage('b.mcpb', archive)]
    const outcomes = await Promise.allSettled([installer.install(a.stageId, { greeting: 'A' }), installer.install(b.stageId, { greeting: 'B' })])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(refused?.reason).toMatchObject({ code: 'INSTALL_IN_PROGRESS', message: 'an install of "hello-extension" is already running; wait for it to finish, then try again' })
    expectWhole(folder)
    expect(registry.snapshot().servers.filter((server) => anyKindFields(server).dxtPath === folder)).toHaveLength(1)
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
    // the refused one is still staged (the user may try again); discarded, nothing stays in the temp folder
    await installer.staging.discardAll()
    expect(readdirSync(tempRoot)).toEqual([])
    // once the first is done, installing again works (a reinstall)
    const again = await installer.stage('c.mcpb', archive)
    await expect(installer.install(again.stageId, { greeting: 'C' })).resolves.toMatchObject({ userConfig: { greeting: 'C' } })
    expect(registry.snapshot().servers).toHaveLength(1)
  })

  it('while another process holds the install: refused, the folder untouched; after it ends, the install goes through', async () => {
    const { installer, extensions, folder } = await setup()
    mkdirSync(extensions, { recursive: true })
    const holder = worker('hold', extensions, 'hello-extension')
    await holder.line((line) => line === 'held')
    const stage = await installer.stage('a.mcpb', await helloArchive())
    await expect(installer.install(stage.stageId, { greeting: 'A' })).rejects.toMatchObject({
      code: 'INSTALL_IN_PROGRESS',
      message: 'an install of "hello-extension" is already running in another MCP Studio process (the app or the CLI); wait for it to finish, then try again'
    })
    expect(existsSync(folder)).toBe(false)
    holder.child.stdin.end()
    expect(await holder.exited).toBe(0)
    await installer.install(stage.stageId, { greeting: 'A' })
    expectWhole(folder)
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
  })

  it('a lock left by a process that died is stale after a while and taken over', async () => {
    const { installer, extensions, folder } = await setup()
    const lock = join(extensions, '.hello-extension.lock')
    mkdirSync(lock, { recursive: true })
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(lock, longAgo, longAgo)
    const stage = await installer.stage('a.mcpb', await helloArchive())
    await installer.install(stage.stageId, { greeting: 'A' })
    expectWhole(folder)
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
  })

  it('in two processes (the app and the CLI) told to go at once: whichever order, one whole folder, one server, nothing left over', async () => {
    const { userDataDir, extensions, folder } = await setup()
    const archive = join(tempDir('mcp-ext-race-file-'), 'hello.mcpb')
    writeFileSync(archive, await helloArchive())
    const workers = [worker('install', userDataDir, archive), worker('install', userDataDir, archive)]
    await Promise.all(workers.map((w) => w.line((line) => line === 'staged')))
    for (const w of workers) w.child.stdin.write('go\n')
    const outcomes = await Promise.all(workers.map(async (w) => JSON.parse(await w.line((line) => line.startsWith('{'))) as { ok: boolean; code?: string }))
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0])
    // refused when they overlapped, a reinstall when they did not: never anything else
    for (const outcome of outcomes) expect(outcome.ok || outcome.code === 'INSTALL_IN_PROGRESS').toBe(true)
    expect(outcomes.some((outcome) => outcome.ok)).toBe(true)
    expectWhole(folder)
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
    const saved = new ServerRegistry({ userDataDir })
    await saved.load()
    expect(saved.snapshot().servers.filter((server) => anyKindFields(server).dxtPath === folder)).toHaveLength(1)
  })
})
