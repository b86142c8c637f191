import { afterEach, describe, expect, it } from 'vitest'
import { openRegistry, readServersFile, removeTempDirs, stdio, tempDir } from './helpers'

afterEach(removeTempDirs)

describe('approvals: the user approves exactly what a server runs', () => {
  it('follows the command line, its env names and its folder, not the rest', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('tool', { env: { TOKEN: 'a' } })])
    expect(registry.isApproved('id-tool')).toBe(false)

    await registry.approve('id-tool')
    expect(registry.isApproved('id-tool')).toBe(true)
    expect(registry.snapshot().approved).toEqual({ 'id-tool': true })

    await registry.update('id-tool', { ui: { description: 'now with a description' }, env: { TOKEN: 'b' }, isActive: true })
    expect(registry.isApproved('id-tool')).toBe(true)

    await registry.update('id-tool', { args: ['tool.js', '--unsafe'] })
    expect(registry.isApproved('id-tool')).toBe(false)
    expect(registry.snapshot().approved['id-tool']).toBe(false)

    await registry.approve('id-tool')
    expect(registry.isApproved('id-tool')).toBe(true)
    for (const changes of [{ env: { TOKEN: 'b', OTHER: 'c' } }, { cwd: '/elsewhere' }, { command: 'bun' }]) {
      await registry.approve('id-tool')
      await registry.update('id-tool', changes)
      expect(registry.isApproved('id-tool'), JSON.stringify(changes)).toBe(false)
    }
  })

  it('a URL server is approved for its URL', async () => {
    const registry = await openRegistry(tempDir())
    await registry.add([{ id: 'web', name: 'web', type: 'httpAuto', baseUrl: 'https://a.example.test/mcp', headers: { Authorization: 'x' } }])
    await registry.approve('web')
    await registry.update('web', { headers: { Authorization: 'y' } })
    expect(registry.isApproved('web')).toBe(true)
    await registry.update('web', { baseUrl: 'https://b.example.test/mcp' })
    expect(registry.isApproved('web')).toBe(false)
  })

  it('survives a restart', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('a'), stdio('b')])
    await registry.approve('id-b')
    const reloaded = await openRegistry(dir)
    expect(reloaded.snapshot().approved).toEqual({ 'id-a': false, 'id-b': true })
  })

  it('an in-process server without command or URL needs no approval', async () => {
    const registry = await openRegistry(tempDir())
    await registry.add([{ id: 'builtin', name: 'Built-in', type: 'inMemory', installSource: 'builtin' }])
    expect(registry.isApproved('builtin')).toBe(true)
    expect(registry.snapshot().approved).toEqual({ builtin: true })
  })

  it('add(…, {approve: true}) approves (the CLI import is consent); the default does not', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('consented'), stdio('other')], { approve: true })
    await registry.add([stdio('plain')])
    expect(registry.snapshot().approved).toEqual({ 'id-consented': true, 'id-other': true, 'id-plain': false })
    expect(Object.keys(readServersFile(dir).approvals).sort()).toEqual(['id-consented', 'id-other'])
  })

  it('approve refuses an unknown id; remove drops the approval', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await expect(registry.approve('nope')).rejects.toThrow('no server with id "nope"')
    expect(registry.isApproved('nope')).toBe(false)
    await registry.add([stdio('gone')], { approve: true })
    await registry.remove('id-gone')
    expect(readServersFile(dir).approvals).toEqual({})
    // the same id added again must be approved again
    await registry.add([stdio('gone')])
    expect(registry.isApproved('id-gone')).toBe(false)
  })
})
