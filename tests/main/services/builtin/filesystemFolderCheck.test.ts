import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import { folderProblems, refuseUnusableFolders } from '../../../../src/main/services/mcp/builtin/filesystem/folderCheck'
import { serverHandlers } from '../../../../src/main/ipc/serverHandlers'
import { ServerRegistry } from '../../../../src/main/services/servers/ServerRegistry'
import type { IpcContext } from '../../../../src/main/ipc/IpcRouter'
import type { McpHost } from '../../../../src/main/services/mcp/mcpHost'
import type { Platform } from '../../../../src/main/platform/Platform'
import { anyKindFields } from '@shared/mcp/server'

const dirs: string[] = []
const dir = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(made)
  return made
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

const fs = (args: string[]) => ({ id: crypto.randomUUID(), name: BuiltinServerNames.filesystem, type: 'inMemory' as const, isActive: true, args })

describe('a filesystem built-in is refused on a folder it cannot use', () => {
  it('names the missing folder; a usable one, other servers and roots-only ones pass', async () => {
    const ok = dir('mcp-fs-ok-')
    const gone = join(ok, 'gone')
    expect(await folderProblems(fs([ok]))).toEqual([])
    expect(await folderProblems(fs([ok, gone]))).toEqual([`"${gone}" in args does not exist; create it, or fix the path in the server settings`])
    // only the filesystem built-in has folders in its args
    expect(await folderProblems({ type: 'stdio', name: 'other', args: [gone] })).toEqual([])
    expect(await folderProblems({ ...fs([]), args: undefined })).toEqual([])
    await expect(refuseUnusableFolders([fs([ok]), fs([gone])])).rejects.toMatchObject({ code: 'INVALID_SERVER', message: expect.stringContaining(`the folder "${gone}" in args does not exist`) })
  })

  it('servers:add, which the window uses, refuses it and adds nothing', async () => {
    const userData = dir('mcp-fs-user-')
    const registry = new ServerRegistry({ userDataDir: userData })
    await registry.load()
    const handlers = serverHandlers({ registry, mcp: {} as McpHost, platform: { userDataDir: userData } as Platform })
    const gone = join(userData, 'no-such-folder')
    const context: IpcContext = { via: 'direct' }
    await expect(handlers['servers:add']({ servers: [fs([gone])] }, context)).rejects.toThrow(`"${gone}" in args does not exist`)
    expect(registry.snapshot().servers).toEqual([])
    await handlers['servers:add']({ servers: [fs([userData])] }, context)
    expect(registry.snapshot().servers.map((s) => anyKindFields(s).args)).toEqual([[userData]])
    await registry.flush()
  })
})
