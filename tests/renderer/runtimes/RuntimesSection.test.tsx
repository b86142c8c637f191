import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { IpcEventName } from '@shared/ipc/contract'
import { App } from '@renderer/App'
import { assembleHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { renderApp } from '../support/renderApp'

/**
 * Settings → Runtimes on the real main side: the login PATH is a folder of small shell scripts
 * named like the real commands (node here, uv not), which main searches and runs for versions.
 */

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  history.replaceState(null, '', '/')
})

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Written by a shell of its own: a file this process held open while a test forked would not run (ETXTBSY). */
function script(dir: string, name: string, body: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  execFileSync('/bin/sh', ['-c', 'printf "%s\\n" "$1" > "$2" && chmod 755 "$2"', 'sh', `#!/bin/sh\n${body}`, file])
  return file
}

async function mainSide(path: string) {
  const userDataDir = tempDir('mcp-rt-renderer-')
  const opened: string[] = []
  let emit: (event: IpcEventName, payload: unknown) => void = () => {}
  const platform = createNodePlatform({ userDataDir, openUrl: async (url) => opened.push(url), onEvent: (event, payload) => emit(event, structuredClone(payload)) })
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const loginShellEnv = async () => ({ env: { PATH: path, HOME: userDataDir }, source: 'process' as const })
  const host: Host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500, loginShellEnv, binDirs: [] } }, registry)
  cleanups.push(() => host.close())
  const direct = createDirectApi(host.router)
  emit = direct.emit
  return { api: direct.api, registry, opened }
}

async function openSettings(api: Awaited<ReturnType<typeof mainSide>>['api']) {
  history.replaceState(null, '', '/')
  renderApp(<App />, { api })
  fireEvent.click(await screen.findByTestId('nav-settings'))
  return screen.findByTestId('runtimes-section')
}

describe('Settings → Runtimes on the real main side', () => {
  it('lists what is found (path, version) and what is missing with where to get it; Re-check finds one installed since', async () => {
    const bin = tempDir('mcp-rt-path-')
    script(bin, 'node', 'echo v22.3.0')
    const { api, opened } = await mainSide(bin)
    await openSettings(api)
    expect(location.hash).toBe('#page=settings')
    const node = await screen.findByTestId('runtime-node')
    expect(within(node).getByTestId('runtime-node-status').textContent).toBe('Found')
    expect(within(node).getByTestId('runtime-node-path').textContent).toBe(join(bin, 'node'))
    expect(within(node).getByTestId('runtime-node-version').textContent).toBe('Version 22.3.0')
    const docker = screen.getByTestId('runtime-docker')
    expect(within(docker).getByTestId('runtime-docker-status').textContent).toBe('Missing')
    fireEvent.click(within(docker).getByTestId('runtime-docker-get'))
    await waitFor(() => expect(opened).toEqual(['https://docs.docker.com/get-started/get-docker/']))

    // bun installed while the page is open: Re-check finds it
    expect(within(screen.getByTestId('runtime-bun')).getByTestId('runtime-bun-status').textContent).toBe('Missing')
    script(bin, 'bun', 'echo 1.1.30')
    fireEvent.click(screen.getByTestId('runtimes-recheck'))
    await waitFor(() => expect(within(screen.getByTestId('runtime-bun')).getByTestId('runtime-bun-status').textContent).toBe('Found'))
    expect(within(screen.getByTestId('runtime-bun')).getByTestId('runtime-bun-version').textContent).toBe('Version 1.1.30')
  })

  it('a path main refuses is explained under the field; a good one is used, and Clear forgets it', async () => {
    const { api } = await mainSide(tempDir('mcp-rt-empty-'))
    await openSettings(api)
    const uv = await screen.findByTestId('runtime-uv')
    fireEvent.change(within(uv).getByTestId('runtime-path-uv'), { target: { value: 'bin/uv' } })
    fireEvent.click(within(uv).getByTestId('runtime-path-uv-save'))
    const error = await within(uv).findByTestId('runtime-path-uv-error')
    expect(error.textContent).toContain('That path cannot be used for this runtime')
    expect(error.textContent).toContain('"bin/uv" is not an absolute path')

    const mine = script(tempDir('mcp-rt-mine-'), 'uv', 'echo "uv 0.6.2"')
    fireEvent.change(within(uv).getByTestId('runtime-path-uv'), { target: { value: mine } })
    fireEvent.click(within(uv).getByTestId('runtime-path-uv-save'))
    await waitFor(() => expect(within(screen.getByTestId('runtime-uv')).getByTestId('runtime-uv-status').textContent).toBe('Found'))
    const found = screen.getByTestId('runtime-uv')
    expect(within(found).getByTestId('runtime-uv-path').textContent).toBe(mine)
    expect(within(found).getByText('Set by you')).toBeTruthy()
    expect(within(found).queryByTestId('runtime-path-uv-error')).toBeNull()

    fireEvent.click(within(found).getByTestId('runtime-path-uv-clear'))
    await waitFor(() => expect(within(screen.getByTestId('runtime-uv')).getByTestId('runtime-uv-status').textContent).toBe('Missing'))
  })

  it('a server whose runtime is missing says so in its row, with a link to the Runtimes section', async () => {
    const { api, registry } = await mainSide(tempDir('mcp-rt-empty-'))
    const [server] = await registry.add([{ id: 'time', name: 'time', type: 'stdio', command: 'uvx', args: ['mcp-server-time'], isActive: true }])
    await registry.approve(server.id)
    history.replaceState(null, '', '/')
    renderApp(<App />, { api })
    const failure = await screen.findByTestId('server-error')
    expect(failure.textContent).toContain('This server needs a runtime that is not installed')
    expect(failure.textContent).toContain('command not found: uvx — install uv')
    fireEvent.click(within(failure).getByTestId('open-runtimes'))
    expect(await screen.findByTestId('runtimes-section')).toBeTruthy()
    expect(location.hash).toBe('#page=settings')
  })
})

describe('before a server starts', () => {
  it('the approval of a server whose runtime is missing says which one, where to get it, and links to Runtimes', async () => {
    const { api, registry, opened } = await mainSide(tempDir('mcp-rt-empty-'))
    await registry.add([{ id: 'time', name: 'time', type: 'stdio', command: 'uvx', args: ['mcp-server-time'], isActive: true, installSource: 'import' }])
    history.replaceState(null, '', '/')
    renderApp(<App />, { api })
    fireEvent.click(await screen.findByTestId('server-review'))
    const note = await within(await screen.findByTestId('approval-dialog')).findByTestId('missing-runtime')
    expect(note.textContent).toContain('uvx needs uv, which is not on this computer')
    fireEvent.click(within(note).getByTestId('missing-runtime-get'))
    await waitFor(() => expect(opened).toEqual(['https://docs.astral.sh/uv/getting-started/installation/']))
  })

  it('says nothing when the runtime is there', async () => {
    const bin = tempDir('mcp-rt-path-')
    script(bin, 'uvx', 'echo "uvx 0.4.18"')
    const { api, registry } = await mainSide(bin)
    await registry.add([{ id: 'time', name: 'time', type: 'stdio', command: 'uvx', args: ['mcp-server-time'], isActive: true, installSource: 'import' }])
    history.replaceState(null, '', '/')
    renderApp(<App />, { api })
    fireEvent.click(await screen.findByTestId('server-review'))
    await screen.findByTestId('approval-dialog')
    // main was asked and answered: the runtimes are known to the page once Settings shows them
    expect((await api.app.runtimes()).find((r) => r.runtime === 'uv')?.found).toBe(true)
    expect(screen.queryByTestId('missing-runtime')).toBeNull()
  })
})
