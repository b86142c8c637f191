import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NOW, names, openRegistry, readServersFile, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'

afterEach(removeTempDirs)

describe('another process writes servers.json while the app runs', () => {
  it("the app's next change keeps what the CLI added", async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    await app.add([stdio('from-app')])

    const cli = await openRegistry(dir)
    await cli.add([stdio('from-cli')], { approve: true })

    await app.add([stdio('later')])
    expect(names(app)).toEqual(['from-app', 'from-cli', 'later'])
    expect(app.isApproved('id-from-cli')).toBe(true)
    expect(readServersFile(dir).servers.map((s) => s.name)).toEqual(['from-app', 'from-cli', 'later'])
  })

  it('a watching app sees what the CLI added at once, and is not told again of its own writes', async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    const heard: string[][] = []
    app.onChanged((snapshot) => heard.push(snapshot.servers.map((s) => s.name)))
    const stop = app.watch()
    try {
      await app.add([stdio('from-app')])
      expect(heard).toEqual([['from-app']])
      const cli = await openRegistry(dir)
      await cli.add([stdio('from-cli')], { approve: true })
      await vi.waitFor(() => expect(heard.at(-1)).toEqual(['from-app', 'from-cli']), { timeout: 10_000 })
      expect(app.isApproved('id-from-cli')).toBe(true)
      // its own write was not reported a second time by the watcher
      await app.flush()
      expect(heard.filter((names) => names.length === 1)).toHaveLength(1)
    } finally {
      stop()
    }
  })

  it('a server the CLI removed stays removed, and its name is free again', async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    await app.add([stdio('a'), stdio('b')])
    const cli = await openRegistry(dir)
    await cli.remove('id-a')

    await app.update('id-b', { ui: { description: 'edited in the app' } })
    expect(names(app)).toEqual(['b'])
    await app.add([stdio('a', { id: 'new-a' })])
    expect(names(await openRegistry(dir))).toEqual(['b', 'a'])
  })

  it('a file damaged meanwhile is set aside; the app keeps its list and writes a fresh file', async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    await app.add([stdio('a')])
    writeServersFile(dir, '{"version": 1, "servers": [')

    await app.add([stdio('b')])
    const { notice } = app.snapshot()
    expect(notice).toMatchObject({ code: 'REGISTRY_DAMAGED', keptAs: `${serversFile(dir)}.corrupt-${NOW}` })
    expect(readFileSync(notice!.keptAs, 'utf8')).toBe('{"version": 1, "servers": [')
    expect(names(await openRegistry(dir))).toEqual(['a', 'b'])
  })

  it('a file deleted meanwhile is written back from memory', async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    await app.add([stdio('a')])
    rmSync(serversFile(dir))
    await app.add([stdio('b')])
    expect(existsSync(serversFile(dir))).toBe(true)
    expect(names(await openRegistry(dir))).toEqual(['a', 'b'])
  })

  it('two registries writing at once on one file lose nothing (the file lock, not only the stamp)', async () => {
    const dir = tempDir()
    const [app, other] = await Promise.all([openRegistry(dir), openRegistry(dir)])
    const adds = Array.from({ length: 12 }, (_, i) => [app.add([stdio(`app-${i}`)]), other.add([stdio(`other-${i}`)], { approve: true })]).flat()
    await Promise.all(adds)
    const saved = readServersFile(dir)
    expect(saved.servers.map((s) => s.name).sort()).toHaveLength(24)
    expect(Object.keys(saved.approvals)).toHaveLength(12)
    expect(existsSync(`${serversFile(dir)}.lock`)).toBe(false)
    expect(names(await openRegistry(dir))).toHaveLength(24)
  })

  it('a lock left by a process that died is taken over once stale', async () => {
    const dir = tempDir()
    const app = await openRegistry(dir)
    // what a killed CLI leaves: the lock folder, last refreshed long ago
    mkdirSync(`${serversFile(dir)}.lock`, { recursive: true })
    const old = new Date(Date.now() - 60_000)
    utimesSync(`${serversFile(dir)}.lock`, old, old)
    await app.add([stdio('after-crash')])
    expect(names(await openRegistry(dir))).toEqual(['after-crash'])
  })
})
