import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ExtensionInstaller } from '../../../src/main/services/extensions/ExtensionInstaller'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { tempDir } from '../services/helpers'
import { helloArchive } from './archives'

async function installer(ttlMs?: number) {
  const tempRoot = tempDir('mcp-ext-stage-')
  const userDataDir = tempDir('mcp-ext-user-')
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  return { tempRoot, userDataDir, installer: new ExtensionInstaller({ userDataDir, registry, tempRoot, ttlMs }) }
}

describe('a staged archive never installed is cleaned up', () => {
  it('on discard', async () => {
    const { tempRoot, installer: ext } = await installer()
    const preview = await ext.stage('hello.mcpb', await helloArchive())
    expect(readdirSync(tempRoot)).toHaveLength(1)
    await ext.discard(preview.stageId)
    expect(readdirSync(tempRoot)).toEqual([])
    await expect(ext.install(preview.stageId, { greeting: 'Hi' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_FOUND' })
  })

  it('when nobody answers in time', async () => {
    const { tempRoot, installer: ext } = await installer(1)
    const preview = await ext.stage('hello.mcpb', await helloArchive())
    await vi.waitFor(() => expect(readdirSync(tempRoot)).toEqual([]))
    await expect(ext.install(preview.stageId, { greeting: 'Hi' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_FOUND' })
  })

  it('at start-up: what a process that is gone left, never what a running one holds', async () => {
    const { tempRoot, userDataDir, installer: ext } = await installer()
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!
    const left = join(tempRoot, `mcp-studio-ext-${gone}-abc123`)
    const running = join(tempRoot, `mcp-studio-ext-${process.ppid}-def456`)
    const unrelated = join(tempRoot, 'something-else')
    // an install cut short between copying and swapping
    const halfCopied = join(userDataDir, 'mcp', 'extensions', '.incoming-hello-extension-1234')
    for (const dir of [left, running, unrelated, halfCopied]) mkdirSync(join(dir, 'content'), { recursive: true })
    const mine = await ext.stage('hello.mcpb', await helloArchive())
    await ext.sweep()
    expect(existsSync(left)).toBe(false)
    expect(existsSync(halfCopied)).toBe(false)
    expect(existsSync(running)).toBe(true)
    expect(existsSync(unrelated)).toBe(true)
    expect(readdirSync(tempRoot)).toHaveLength(3) // running, unrelated and this process's own stage
    await ext.install(mine.stageId, { greeting: 'Hi' })
  })
})
