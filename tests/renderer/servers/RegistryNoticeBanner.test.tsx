import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { RegistryNoticeBanner } from '@renderer/components/servers/RegistryNoticeBanner'
import type { RegistryNotice } from '@shared/mcp/registry'
import { disposeTrackedApis, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(disposeTrackedApis)

const FILE = '/home/u/.config/MCP Studio/mcp/servers.json'

function show(notice: RegistryNotice) {
  renderApp(<RegistryNoticeBanner notice={notice} />, { api: trackedRealApi() })
  return screen.findByTestId('registry-notice')
}

describe('the registry notice says what happened to the file', () => {
  it('permissions fixed: that it is now readable only by you, and where it is', async () => {
    const banner = await show({ code: 'REGISTRY_PERMISSIONS_FIXED', keptAs: FILE, detail: 'it could be read by other users of this computer (mode 0644); it is now readable only by you (0600)' })
    expect(banner.textContent).toContain('now readable only by you')
    expect(banner.textContent).toContain(FILE)
    expect(banner.textContent).not.toContain('damaged')
  })

  it('unreadable: left as it is, not "damaged, kept as"', async () => {
    const banner = await show({ code: 'REGISTRY_UNREADABLE', keptAs: FILE, detail: 'it cannot be read (EACCES)' })
    expect(banner.textContent).toContain('cannot be read')
    expect(banner.textContent).toContain('left as it is')
    expect(banner.textContent).not.toContain('damaged file was kept')
  })
})
