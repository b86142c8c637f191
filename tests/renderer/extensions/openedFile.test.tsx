import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { OpenedFileInbox } from '../../../src/main/services/extensions/OpenedFileInbox'
import { helloArchive } from './helloArchive'
import { cleanupServers, renderServers } from '../servers/serversSupport'

const folders: string[] = []
afterEach(async () => {
  await cleanupServers()
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true })
})

/** a .mcpb in a folder of its own, as a browser's download leaves it */
async function downloaded(name = 'hello.mcpb', bytes?: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-opened-renderer-'))
  folders.push(dir)
  writeFileSync(join(dir, name), bytes ?? (await helloArchive()))
  return join(dir, name)
}

describe('a .mcpb double-clicked in the desktop app', () => {
  it('one that started the app opens the install dialog at its preview; nothing is installed until Install', async () => {
    const openedExtensions = new OpenedFileInbox()
    // arrived before the window loaded
    openedExtensions.deliver(await downloaded())
    const { registry } = await renderServers([], { main: { openedExtensions } })
    const preview = await screen.findByTestId('extension-preview', {}, { timeout: 15_000 })
    expect(within(preview).getByTestId('extension-name').textContent).toBe('Hello Extension 1.0.0')
    expect(within(preview).getByTestId('extension-command').textContent).toMatch(/^node .*server\/index\.mjs$/)
    expect(registry.snapshot().servers).toEqual([])

    fireEvent.click(screen.getByTestId('extension-cancel'))
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull())
    expect(registry.snapshot().servers).toEqual([])
  })

  it('two opened while the app runs: the second shows when the first is done; a broken one says why', async () => {
    const openedExtensions = new OpenedFileInbox()
    await renderServers([], { main: { openedExtensions } })
    const good = await downloaded()
    const broken = await downloaded('broken.dxt', Buffer.from('not a zip'))
    act(() => {
      openedExtensions.deliver(broken)
      openedExtensions.deliver(good)
    })
    const error = await screen.findByTestId('extension-stage-error', {}, { timeout: 15_000 })
    expect(error.textContent).toContain('This file cannot be installed')
    expect(error.textContent).not.toMatch(/\n\s+at /)
    fireEvent.click(screen.getByTestId('extension-cancel'))
    expect(within(await screen.findByTestId('extension-preview', {}, { timeout: 15_000 })).getByTestId('extension-name').textContent).toBe('Hello Extension 1.0.0')
  })
})
