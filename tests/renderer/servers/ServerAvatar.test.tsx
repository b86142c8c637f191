import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { ServerAvatar } from '@renderer/components/servers/ServerAvatar'
import { disposeTrackedApis, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { PNG_1PX } from '../../fixtures/images'
import type { McpServer } from '@shared/mcp/server'
let http: Server
let base: string

beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX)
    else res.writeHead(404).end()
  })
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(() => new Promise((done) => http.close(done)))
afterEach(disposeTrackedApis)

const server = (logoUrl?: string): McpServer => ({ id: 's', name: 'weather', type: 'httpAuto', baseUrl: 'https://weather.example/mcp', isActive: false, ui: { logoUrl } })

describe('server logos', () => {
  it('a web logo is shown as the data: URL main fetched, so the window never asks that host itself', async () => {
    renderApp(<ServerAvatar server={server(`${base}/logo.png`)} />, { api: trackedRealApi() })
    const img = await waitFor(() => screen.getByTestId('server-logo').querySelector('img')!)
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1PX.toString('base64')}`)
  })

  it('a logo that cannot load leaves the initial, with the reason for the editor to show', async () => {
    renderApp(<ServerAvatar server={server(`${base}/gone.png`)} />, { api: trackedRealApi() })
    await waitFor(() => expect(screen.getByTestId('server-initial').dataset.logoError).toContain('the server answered HTTP 404'))
    expect(screen.queryByTestId('server-logo')).toBeNull()
  })
})
