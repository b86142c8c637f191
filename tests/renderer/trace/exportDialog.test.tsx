import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { TracePage } from '@renderer/pages/TracePage'
import { closeReceivers, receiver, type OtlpSpan } from '../../main/trace/otlpReceiver'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
  await closeReceivers()
})

const SECRET = 'Bearer team-secret-4242'
const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value
const echoSpan = (spans: OtlpSpan[], message: string) =>
  spans.find((span) => span.name === 'everything.echo' && attribute(span, 'mcp.request.arguments')?.stringValue?.includes(message))

async function openDialog() {
  fireEvent.click(await screen.findByTestId('trace-export-open'))
  const dialog = (await screen.findByTestId('trace-export-dialog')).closest<HTMLElement>('[role="dialog"]')!
  expect(within(dialog).getByText('Send spans to a collector')).toBeTruthy()
  // main's setting has arrived once the switch shows
  await within(dialog).findByTestId('trace-export-enabled')
  return dialog
}

async function save(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByTestId('trace-export-save'))
  await waitFor(() => expect(screen.queryByTestId('trace-export-dialog')).toBeNull())
}

describe('the Trace window Export dialog on the real main side', () => {
  it('after Save a real OTLP/HTTP receiver gets the next call with its attributes and header; off stops it', async () => {
    const main = await createMcpApi()
    dispose = main.dispose
    await main.addServers([stdioServer('everything', EVERYTHING)])
    const collector = await receiver()
    renderApp(<TracePage />, { api: main.api })

    let dialog = await openDialog()
    expect((within(dialog).getByTestId('trace-export-enabled') as HTMLButtonElement).getAttribute('aria-checked')).toBe('false')
    fireEvent.click(within(dialog).getByTestId('trace-export-enabled'))
    // a URL that is not http(s) is refused, naming the field
    fireEvent.change(within(dialog).getByTestId('trace-export-endpoint'), { target: { value: 'ftp://collector' } })
    fireEvent.click(within(dialog).getByTestId('trace-export-save'))
    expect(await within(dialog).findByText('Endpoint URL: must start with http:// or https://')).toBeTruthy()
    fireEvent.change(within(dialog).getByTestId('trace-export-endpoint'), { target: { value: `${collector.url}/v1/traces` } })
    fireEvent.click(within(dialog).getByTestId('trace-export-add-header'))
    fireEvent.change(within(dialog).getByTestId('trace-export-header-name'), { target: { value: 'authorization' } })
    const value = within(dialog).getByTestId('trace-export-header-value') as HTMLInputElement
    expect(value.type).toBe('password')
    fireEvent.change(value, { target: { value: SECRET } })
    await save(dialog)

    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'first-exported' }, callId: 'exported-1' })
    await waitFor(() => expect(echoSpan(collector.spans, 'first-exported')).toBeTruthy(), { timeout: 15_000 })
    const span = echoSpan(collector.spans, 'first-exported')!
    expect(attribute(span, 'mcp.server.id')?.stringValue).toBe('everything')
    expect(attribute(span, 'mcp.tool.name')?.stringValue).toBe('echo')
    expect(attribute(span, 'mcp.call.id')?.stringValue).toBe('exported-1')
    expect(collector.headers.at(-1)?.authorization).toBe(SECRET)
    // stored sealed where the platform encrypts; in plain Node, only in the 0600 file: never shown again
    const stored = readFileSync(`${main.userDataDir}/storage/trace.otlp.json`, 'utf8')
    expect(JSON.parse(stored)).toMatchObject({ enabled: true, endpoint: `${collector.url}/v1/traces` })

    // reopened: the value is masked, the real one never comes back to the page
    dialog = await openDialog()
    const masked = within(dialog).getByTestId('trace-export-header-value') as HTMLInputElement
    expect(masked.value).not.toContain('team-secret')
    expect(document.body.innerHTML).not.toContain('team-secret')
    fireEvent.click(within(dialog).getByTestId('trace-export-enabled'))
    await save(dialog)
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'while-off' } })

    // on again, the masked header kept: spans go out in order, so once this one arrives the one
    // made while off would have come before it had it been sent
    dialog = await openDialog()
    fireEvent.click(within(dialog).getByTestId('trace-export-enabled'))
    await save(dialog)
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'back-on' } })
    await waitFor(() => expect(echoSpan(collector.spans, 'back-on')).toBeTruthy(), { timeout: 15_000 })
    expect(echoSpan(collector.spans, 'while-off')).toBeUndefined()
    expect(collector.headers.at(-1)?.authorization).toBe(SECRET)
  })

  it('shows the last export error, without the header value', async () => {
    const main = await createMcpApi()
    dispose = main.dispose
    await main.addServers([stdioServer('everything', EVERYTHING)])
    const dead = await receiver()
    const deadUrl = `${dead.url}/v1/traces`
    await dead.close()
    await main.api.trace.setExport({ enabled: true, endpoint: deadUrl, headers: [{ name: 'x-api-key', value: 'k-secret-9876' }] })
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'lost' } })
    renderApp(<TracePage />, { api: main.api })
    // the export runs in the background; reopening shows how it went
    await waitFor(
      async () => {
        const settings = await main.api.trace.getExport()
        expect(settings.lastError).toBeTruthy()
      },
      { timeout: 15_000 }
    )
    const dialog = await openDialog()
    const warning = within(dialog).getByTestId('trace-export-last-error')
    expect(warning.textContent).toContain('The last export failed')
    expect(document.body.innerHTML).not.toContain('k-secret-9876')
  })

  it("'Send a test span' sends one span to the URL and token typed, unsaved, and says how it went", async () => {
    const main = await createMcpApi()
    dispose = main.dispose
    const collector = await receiver({ require: { name: 'authorization', value: SECRET } })
    renderApp(<TracePage />, { api: main.api })
    const dialog = await openDialog()
    const test = () => within(dialog).getByTestId('trace-export-test') as HTMLButtonElement
    // no URL yet: nothing to test
    expect(test().disabled).toBe(true)
    fireEvent.change(within(dialog).getByTestId('trace-export-endpoint'), { target: { value: `${collector.url}/v1/traces` } })
    fireEvent.click(within(dialog).getByTestId('trace-export-add-header'))
    fireEvent.change(within(dialog).getByTestId('trace-export-header-name'), { target: { value: 'authorization' } })
    fireEvent.change(within(dialog).getByTestId('trace-export-header-value'), { target: { value: 'Bearer wrong-1111' } })
    fireEvent.click(test())
    const refused = await within(dialog).findByTestId('trace-export-test-error', {}, { timeout: 15_000 })
    expect(refused.textContent).toContain('HTTP 401')
    expect(collector.spans).toHaveLength(0)

    fireEvent.change(within(dialog).getByTestId('trace-export-header-value'), { target: { value: SECRET } })
    fireEvent.click(test())
    expect((await within(dialog).findByTestId('trace-export-test-ok', {}, { timeout: 15_000 })).textContent).toContain('mcp-studio.test-span')
    expect(collector.spans.map((span) => span.name)).toEqual(['mcp-studio.test-span'])
    // tested, not saved
    expect((await main.api.trace.getExport()).endpoint).toBe('')
  })
})
