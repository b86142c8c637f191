import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assembleHost, type Host } from '../../../../src/main/createHost'
import { createNodePlatform } from '../../../../src/main/platform/nodePlatform'
import { downloadBundle } from '../../../../src/main/services/discovery/bundleDownload'
import { ServerRegistry } from '../../../../src/main/services/servers/ServerRegistry'
import { helloArchive } from '../../extensions/archives'
import { startBundleHost, type BundleHost } from '../../../fixtures/discovery/bundleHost'
import { ALL_ENTRIES } from '../../../fixtures/discovery/entries'
import { startStandInRegistry, type StandInRegistry } from '../../../fixtures/discovery/standInRegistry'
import { createDirectApi } from '../../../support/directApi'
import { tempDir } from '../helpers'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** the whole host as the window reaches it, its platform's fetch trusting the bundle host's certificate */
async function app() {
  const bundles: BundleHost = await startBundleHost(await helloArchive())
  closers.push(() => bundles.close())
  const standIn: StandInRegistry = await startStandInRegistry({ entries: [...ALL_ENTRIES, bundles.good, bundles.wrong, bundles.stalls] as never })
  closers.push(() => standIn.close())
  const userDataDir = tempDir('mcp-registry-bundle-')
  let emit: (event: never, payload: unknown) => void = () => {}
  const platform = { ...createNodePlatform({ userDataDir, onEvent: (event, payload) => emit(event as never, payload) }), fetch: bundles.fetch }
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const host: Host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500 } }, registry)
  closers.push(() => host.close())
  const direct = createDirectApi(host.router)
  emit = direct.emit
  const progress: Array<{ downloadId: string; received: number; total?: number }> = []
  direct.api.on('discovery:bundle-progress', (payload) => progress.push(payload))
  return { api: direct.api, registry, bundles, registryUrl: standIn.url, extensions: join(userDataDir, 'mcp', 'extensions'), progress }
}

describe('an MCP Registry entry that ships a desktop extension bundle (.mcpb)', () => {
  it('is listed as one; Add downloads it over https with progress, checks it, and the extension preview and install follow', async () => {
    const { api, registry, bundles, registryUrl, extensions, progress } = await app()
    const listing = await api.discovery.get({ registryUrl, name: 'io.github.example/hello-bundle' })
    expect(listing).toMatchObject({ ok: true, plan: { runs: 'mcpb', target: bundles.bundleUrl, inputs: [] } })

    const preview = await api.discovery.stageBundle({ registryUrl, name: 'io.github.example/hello-bundle', downloadId: 'd1' })
    expect(bundles.requests).toEqual(['/bundles/hello-extension-1.0.0.mcpb'])
    const size = progress.at(-1)
    expect(size).toMatchObject({ downloadId: 'd1' })
    expect(size?.received).toBe(size?.total)
    // the same preview a dropped file gets: its settings are asked before anything is installed
    expect(preview).toMatchObject({ name: 'hello-extension', displayName: 'Hello Extension', version: '1.0.0', userConfig: { greeting: { required: true } } })
    expect(existsSync(join(extensions, 'hello-extension'))).toBe(false)

    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: {} })).rejects.toMatchObject({ code: 'MISSING_CONFIG' })
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hej' } })
    expect(server).toMatchObject({ name: 'Hello Extension', installSource: 'dxt', dxtPath: join(extensions, 'hello-extension') })
    expect(registry.isApproved(server.id)).toBe(true)
    const result = await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'Registry' } })
    expect((result.content[0] as { text: string }).text).toContain('Hej, Registry!')
  })

  it('a checksum that does not match is refused by name: nothing staged, nothing installed', async () => {
    const { api, registry, registryUrl, extensions } = await app()
    await expect(api.discovery.stageBundle({ registryUrl, name: 'io.github.example/hello-bundle-tampered', downloadId: 'd2' })).rejects.toMatchObject({
      code: 'BUNDLE_CHECKSUM_MISMATCH',
      message: expect.stringMatching(/^io\.github\.example\/hello-bundle-tampered was refused: the downloaded bundle's SHA-256 \([0-9a-f]{12}…\) is not the one the registry lists \(b{12}…\); nothing was installed/)
    })
    expect(registry.snapshot().servers).toEqual([])
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
  })

  it('Cancel stops a download under way: nothing staged, nothing installed', async () => {
    const { api, registry, registryUrl, extensions, progress, bundles } = await app()
    const staging = api.discovery.stageBundle({ registryUrl, name: 'io.github.example/hello-bundle-stalls', downloadId: 'd4' })
    const outcome = staging.then(() => undefined, (error: unknown) => error)
    await vi.waitFor(() => expect(progress.some((p) => p.downloadId === 'd4' && p.received > 0 && p.received < (p.total ?? 0))).toBe(true))
    await api.discovery.cancelBundle({ downloadId: 'd4' })
    expect(await outcome).toMatchObject({ code: 'BUNDLE_DOWNLOAD_CANCELLED', message: 'io.github.example/hello-bundle-stalls: the download was cancelled; nothing was installed' })
    await vi.waitFor(() => expect(bundles.abandoned()).toBe(1))
    expect(registry.snapshot().servers).toEqual([])
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
  })

  it('a bundle larger than the cap is refused before it is read', async () => {
    const { bundles } = await app()
    const error = await downloadBundle(bundles.fetch, { url: bundles.bundleUrl, sha256: bundles.sha256 }, { name: 'io.github.example/hello-bundle', maxBytes: 1024 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'BUNDLE_DOWNLOAD_FAILED', message: 'io.github.example/hello-bundle: the extension bundle is larger than 1 KB; nothing was installed' })
  })

  it('a bundle that is not on https, or lists no checksum, is refused with the field named', async () => {
    const { api } = await app()
    const standIn = await startStandInRegistry({
      entries: [
        { server: { name: 'io.github.example/plain-http', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier: 'http://downloads.example.com/x.mcpb', fileSha256: 'a'.repeat(64) }] } },
        { server: { name: 'io.github.example/no-checksum', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier: 'https://downloads.example.com/x.mcpb' }] } }
      ] as never
    })
    closers.push(() => standIn.close())
    await expect(api.discovery.stageBundle({ registryUrl: standIn.url, name: 'io.github.example/plain-http', downloadId: 'd3' })).rejects.toMatchObject({
      code: 'BAD_REGISTRY_ENTRY',
      message: 'io.github.example/plain-http was refused: packages[0].identifier is not an https address: a bundle is downloaded over https only; nothing was added'
    })
    const listing = await api.discovery.get({ registryUrl: standIn.url, name: 'io.github.example/no-checksum' })
    expect(listing).toMatchObject({ ok: false, problem: expect.stringContaining('packages[0].fileSha256 is missing') })
  })
})
