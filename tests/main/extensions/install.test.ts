import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MASKED_VALUE } from '@shared/mcp/extensions'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import type { ServerStatusEvent } from '@shared/mcp/status'
import { assembleHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { tempDir } from '../services/helpers'
import { helloArchive, helloManifest } from './archives'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

// stands in for Electron's safeStorage: what is sealed must not read as the plain value
const encrypt = (plain: string) => Buffer.from(plain).reverse().toString('base64')
const decrypt = (cipher: string) => Buffer.from(cipher, 'base64').reverse().toString()

async function app(options: { confirmStart?: (servers: McpServer[]) => Promise<boolean> } = {}) {
  const userDataDir = tempDir('mcp-ext-app-')
  const statuses: ServerStatusEvent[] = []
  let emit: (event: never, payload: unknown) => void = () => {}
  const platform = { ...createNodePlatform({ userDataDir, onEvent: (event, payload) => emit(event as never, payload) }), encrypt, decrypt, ...options }
  const registry = new ServerRegistry({ userDataDir, encrypt, decrypt })
  await registry.load()
  const host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500 } }, registry)
  hosts.push(host)
  const direct = createDirectApi(host.router)
  emit = direct.emit
  direct.api.on('mcp:server-status', (payload) => statuses.push(payload))
  const extensions = join(userDataDir, 'mcp', 'extensions')
  return { api: direct.api, host, registry, userDataDir, extensions, statuses }
}

const base64 = (data: Buffer) => data.toString('base64')

function versioned(version: string, extra: Record<string, unknown> = {}) {
  const manifest = helloManifest({ version, ...extra })
  const env = (manifest.server as { mcp_config: { env?: Record<string, string> } }).mcp_config.env
  if (env) env.HELLO_VERSION = version
  return manifest
}

describe('installing a desktop extension from the window', () => {
  it('stage shows what it is; install adds an approved server that connects and runs its tool; removing it leaves no folder', async () => {
    const { api, registry, extensions, userDataDir, host } = await app()
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive()) })
    const folder = join(extensions, 'hello-extension')
    expect(preview).toMatchObject({
      name: 'hello-extension',
      displayName: 'Hello Extension',
      version: '1.0.0',
      author: 'Test Author',
      description: 'Says hello',
      tools: [{ name: 'hello', description: 'Greets someone' }],
      prompts: [{ name: 'welcome', description: 'A welcome' }],
      signature: { status: 'unsigned' },
      compatibility: { ok: true, problems: [] },
      command: `node ${folder}/server/index.mjs`,
      userConfig: {
        greeting: { type: 'string', title: 'Greeting', description: 'How to greet', required: true },
        api_key: { type: 'string', title: 'API key', sensitive: true, required: false }
      }
    })
    expect(preview.iconDataUrl).toMatch(/^data:image\/png;base64,iVBOR/)
    expect(preview.replaces).toBeUndefined()
    // nothing installed yet
    expect(existsSync(folder)).toBe(false)

    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Howdy', api_key: 'sk-live-extension-secret' } })
    expect(server).toMatchObject({
      name: 'Hello Extension',
      ui: { description: 'Says hello', provider: 'Test Author', tags: ['greeting', 'test'] },
      dxtPath: folder,
      dxtVersion: '1.0.0',
      installSource: 'dxt',
      cwd: folder,
      command: 'node',
      args: [`${folder}/server/index.mjs`]
    })
    expect(server.ui?.logoUrl).toBe(preview.iconDataUrl)
    // the greeting may be shown (in a tool's result too); the sensitive key may not
    expect(server.notSecret).toEqual(['user_config.greeting'])
    expect(registry.isApproved(server.id)).toBe(true)
    expect(readdirSync(folder).sort()).toEqual(['icon.png', 'manifest.json', 'server'])
    // the stage is gone once installed
    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'x' } })).rejects.toMatchObject({ code: 'EXTENSION_NOT_FOUND' })

    const result = await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'Ann' } })
    const text = (result.content[0] as { text: string }).text
    expect(text).toContain('Howdy, Ann! (version 1.0.0')
    expect(text).toContain(`cwd ${folder})`)

    // the sensitive setting: sealed on disk, masked for the window, scrubbed from the log
    const file = readFileSync(join(userDataDir, 'mcp', 'servers.json'), 'utf8')
    expect(file).not.toContain('sk-live-extension-secret')
    expect(file).not.toContain('Howdy')
    expect(await api.extensions.userConfig({ serverId: server.id })).toMatchObject({ values: { greeting: 'Howdy', api_key: MASKED_VALUE } })
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    const started = logs.find((entry) => entry.message.includes('hello-extension starting'))
    expect(started?.message).toBe('hello-extension starting; api key <redacted>')
    expect(JSON.stringify(logs)).not.toContain('sk-live-extension-secret')
    // a tool that echoes it: the result is the server's data, exact; the trace of the call is not
    const revealed = await api.mcp.callTool({ serverId: server.id, name: 'reveal-key' })
    expect((revealed.content[0] as { text: string }).text).toBe('the key is sk-live-extension-secret')
    const traces = await api.trace.list({})
    const spans = (await Promise.all(traces.map((trace) => api.trace.get({ traceId: trace.traceId })))).flat()
    expect(spans.some((span) => JSON.stringify(span).includes('reveal-key'))).toBe(true)
    expect(JSON.stringify(spans)).not.toContain('sk-live-extension-secret')

    const pid = host.mcp.pidOf(server as McpServer)
    expect(pid).toBeGreaterThan(0)
    expect(await api.servers.remove({ serverId: server.id })).toBe(true)
    expect(existsSync(folder)).toBe(false)
    expect(readdirSync(extensions)).toEqual([])
    expect(() => process.kill(pid!, 0)).toThrow()
  })

  it('new settings restart it with them; a masked value sent back keeps the secret', async () => {
    const { api } = await app()
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive()) })
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi', api_key: 'sk-keep-this-secret' } })
    await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'A' } })
    const updated = await api.extensions.setUserConfig({ serverId: server.id, values: { greeting: 'Bonjour', api_key: MASKED_VALUE } })
    expect(anyKindFields(updated).userConfig).toEqual({ greeting: 'Bonjour', api_key: 'sk-keep-this-secret' })
    const result = await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'B' } })
    expect((result.content[0] as { text: string }).text).toContain('Bonjour, B!')
    await expect(api.extensions.setUserConfig({ serverId: server.id, values: { nope: 'x' } })).rejects.toMatchObject({
      code: 'BAD_CONFIG',
      message: 'user_config.nope is not a setting of this extension (its settings: greeting, api_key)'
    })
  })

  it('a required setting missing: not installed; later emptied: the server does not start and says which', async () => {
    const { api, host, statuses, registry, extensions } = await app()
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive()) })
    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: {} })).rejects.toMatchObject({
      code: 'MISSING_CONFIG',
      message: '"Hello Extension" needs a value for "Greeting" (user_config.greeting)'
    })
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi' } })
    await registry.update(server.id, { userConfig: {} })
    await expect(api.mcp.initClient({ serverId: server.id })).rejects.toMatchObject({
      code: 'MISSING_CONFIG',
      message: expect.stringContaining('extension "Hello Extension" needs a value for "Greeting" (user_config.greeting)')
    })
    expect(statuses.at(-1)).toMatchObject({ serverId: server.id, state: { status: 'failed', code: 'MISSING_CONFIG', message: expect.stringContaining('"Greeting" (user_config.greeting)') } })
    expect(host.mcp.pidOf(server as McpServer)).toBeUndefined()
  })

  it('an upgrade replaces the old version only when the new one is good', async () => {
    const { api, registry, extensions } = await app()
    const folder = join(extensions, 'hello-extension')
    const v1 = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(versioned('1.0.0'))) })
    const server = await api.extensions.install({ stageId: v1.stageId, userConfig: { greeting: 'Hi', api_key: 'sk-kept-across-upgrade' } })
    const call = async () => ((await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'U' } })).content[0] as { text: string }).text
    expect(await call()).toContain('(version 1.0.0')

    // a hostile 2.0 is refused at staging: 1.0 untouched and still running
    const hostile = versioned('2.0.0', { server: { type: 'node', entry_point: '../escape.js', mcp_config: { command: 'node', args: [] } } })
    await expect(api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(hostile)) })).rejects.toMatchObject({ code: 'BAD_MANIFEST' })
    // a 2.0 whose server cannot be saved (its name is another server's) is rolled back after the swap
    await registry.add([{ id: 'other', name: 'Taken Name', type: 'stdio', command: 'node' }])
    const clash = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(versioned('2.0.0', { display_name: 'Taken Name' }))) })
    expect(clash.replaces).toEqual({ version: '1.0.0' })
    await expect(api.extensions.install({ stageId: clash.stageId, userConfig: { greeting: 'Hi' } })).rejects.toMatchObject({ code: 'SERVER_EXISTS' })
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')).version).toBe('1.0.0')
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
    expect(registry.get(server.id)).toMatchObject({ dxtVersion: '1.0.0', name: 'Hello Extension' })
    await api.extensions.discard({ stageId: clash.stageId })
    expect(await call()).toContain('(version 1.0.0')

    // a good 2.0 replaces it: same server, its settings kept unless given anew
    const v2 = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(versioned('2.0.0'))) })
    expect(v2.replaces).toEqual({ version: '1.0.0' })
    const upgraded = await api.extensions.install({ stageId: v2.stageId, userConfig: { greeting: 'Hey' } })
    expect(upgraded.id).toBe(server.id)
    expect(anyKindFields(upgraded).dxtVersion).toBe('2.0.0')
    expect(anyKindFields(upgraded).userConfig).toEqual({ greeting: 'Hey', api_key: 'sk-kept-across-upgrade' })
    expect(registry.snapshot().servers.filter((s) => anyKindFields(s).dxtPath)).toHaveLength(1)
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')).version).toBe('2.0.0')
    expect(readdirSync(extensions)).toEqual(['hello-extension'])
    expect(await call()).toMatch(/^Hey, U! \(version 2\.0\.0/)
  })

  it('in Electron the install is confirmed natively before the server may run; declined, it is installed but needs approval', async () => {
    const asked: string[][] = []
    let answer = false
    const { api, registry } = await app({ confirmStart: async (servers) => (asked.push(servers.map((s) => s.name)), answer) })
    const declined = await api.extensions.install({ stageId: (await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive()) })).stageId, userConfig: { greeting: 'Hi' } })
    expect(asked).toEqual([['Hello Extension']])
    expect(registry.isApproved(declined.id)).toBe(false)
    await expect(api.mcp.callTool({ serverId: declined.id, name: 'hello', args: { name: 'x' } })).rejects.toMatchObject({ code: 'NEEDS_APPROVAL' })
    answer = true
    expect(await api.servers.approve({ serverIds: [declined.id] })).toBe(true)
    expect(registry.isApproved(declined.id)).toBe(true)
  })

  it('an invalid signature is refused unless accepted', async () => {
    const { api } = await app()
    // a signature block that does not verify: the archive followed by a made-up PKCS#7 block
    const archive = await helloArchive()
    const junk = Buffer.from('not a real pkcs7 signature')
    const length = Buffer.alloc(4)
    length.writeUInt32LE(junk.length)
    const signed = Buffer.concat([archive, Buffer.from('MCPB_SIG_V1'), length, junk, Buffer.from('MCPB_SIG_END')])
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(signed) })
    expect(preview.signature.status).toBe('invalid')
    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi' } })).rejects.toMatchObject({ code: 'BAD_SIGNATURE' })
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi' }, acceptInvalidSignature: true })
    expect(anyKindFields(server).dxtVersion).toBe('1.0.0')
  })

  it('an extension for another OS is staged with its problem shown, and not installed', async () => {
    const { api, extensions } = await app()
    const other = process.platform === 'win32' ? 'darwin' : 'win32'
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(helloManifest({ compatibility: { platforms: [other] } }))) })
    expect(preview.compatibility).toEqual({ ok: false, problems: [`it runs on ${other} only, not on ${process.platform}`], notes: [] })
    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi' } })).rejects.toMatchObject({ code: 'INCOMPATIBLE' })
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
  })
})
