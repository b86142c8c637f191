import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createApi } from '@shared/ipc/createApi'
import { ToolResultView } from '@renderer/components/results/ToolResultView'
import { createAppRouter, disposeTrackedApis, trackDispose, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(disposeTrackedApis)

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

function show(result: CallToolResult, api = trackedRealApi()) {
  return renderApp(<ToolResultView result={result} />, { api })
}

describe('ToolResultView renders each content type', () => {
  it('text as markdown, with raw HTML dropped', async () => {
    show({ content: [{ type: 'text', text: '# Title\n\nSome **bold** text.\n\n<script>alert(1)</script><b>raw</b>' }] })
    const text = await screen.findByTestId('result-text')
    expect(within(text).getByRole('heading', { level: 1 }).textContent).toBe('Title')
    expect(text.querySelector('strong')?.textContent).toBe('bold')
    expect(text.querySelector('script')).toBeNull()
    expect(text.querySelector('b')).toBeNull()
    expect(text.textContent).not.toContain('alert(1)')
  })

  it('an image from base64 and its MIME type', async () => {
    show({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] })
    const image = await screen.findByTestId('result-image')
    expect(image.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`)
    expect(image.textContent).toContain('Image (image/png)')
  })

  it('audio as a playable element', async () => {
    show({ content: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] })
    const audio = (await screen.findByTestId('result-audio')).querySelector('audio')!
    expect(audio.hasAttribute('controls')).toBe(true)
    expect(audio.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==')
  })

  it('embedded resources: text shown, a blob offered for download', async () => {
    show({
      content: [
        { type: 'resource', resource: { uri: 'file:///notes/readme.txt', mimeType: 'text/plain', text: 'embedded text' } },
        { type: 'resource', resource: { uri: 'file:///data/blob.bin', mimeType: 'application/octet-stream', blob: 'AAECAwQ=' } }
      ]
    })
    const [text, blob] = await screen.findAllByTestId('result-resource')
    expect(text.textContent).toContain('Resource file:///notes/readme.txt')
    expect(within(text).getByTestId('resource-text').textContent).toBe('embedded text')
    expect(within(blob).getByTestId('resource-binary').textContent).toContain('5 bytes (application/octet-stream)')
    expect(within(blob).getByTestId('resource-download')).toBeTruthy()
  })

  it('resource links: http(s) opens through main, anything else is never a link', async () => {
    const opened: string[] = []
    const { router, dispose } = createAppRouter()
    trackDispose(dispose)
    // the real router, except the one call that would start the user's browser: it is recorded
    const api = createApi({
      invoke: async (channel, args) => {
        if (channel === 'app:open-external') {
          opened.push((args as { url: string }).url)
          return { ok: true, result: undefined }
        }
        return structuredClone(await router.invoke(channel, structuredClone(args), { via: 'direct' }))
      },
      on: () => () => {}
    })
    show(
      {
        content: [
          { type: 'resource_link', uri: 'https://example.com/spec', name: 'The spec' },
          { type: 'resource_link', uri: 'file:///etc/passwd', name: 'local file' }
        ]
      },
      api
    )
    const [web, local] = await screen.findAllByTestId('result-resource-link')
    const link = within(web).getByRole('link', { name: 'The spec' })
    fireEvent.click(link)
    await waitFor(() => expect(opened).toEqual(['https://example.com/spec']))
    expect(within(local).queryByRole('link')).toBeNull()
    expect(local.textContent).toContain('local file')
    expect(local.textContent).toContain('file:///etc/passwd')
  })

  it('structuredContent as a JSON tree', async () => {
    show({ content: [], structuredContent: { temperature: 21.5, city: 'Oslo', nested: { ok: true } } })
    const tree = await screen.findByTestId('result-structured')
    expect(tree.textContent).toContain('temperature')
    expect(tree.textContent).toContain('21.5')
    expect(tree.textContent).toContain('"Oslo"')
    expect(tree.textContent).toContain('nested')
  })

  it('isError in red with its message', async () => {
    show({ isError: true, content: [{ type: 'text', text: 'the disk is full' }] })
    const card = await screen.findByTestId('tool-result')
    expect(card.dataset.error).toBe('true')
    expect(within(card).getByTestId('result-is-error').textContent).toBe('The tool reported an error')
    expect(card.textContent).toContain('the disk is full')
    expect(card.getAttribute('style') ?? '').toMatch(/border-color/)
  })

  it('copies the whole result as JSON', async () => {
    let copied = ''
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) }
    })
    const result: CallToolResult = { content: [{ type: 'text', text: 'hi' }], structuredContent: { a: 1 } }
    show(result)
    fireEvent.click(await screen.findByTestId('result-copy-json'))
    await waitFor(() => expect(JSON.parse(copied)).toEqual(result))
    expect(await screen.findByText('Copied')).toBeTruthy()
  })

  it('says so when there is no content', async () => {
    show({ content: [] })
    expect((await screen.findByTestId('tool-result')).textContent).toContain('The tool returned no content.')
  })
})
