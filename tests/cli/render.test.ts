import { describe, expect, it } from 'vitest'
import { renderContent, renderResource, renderToolResult } from '../../src/cli/render'

// Content types no test server returns (audio, an embedded blob) rendered from literal results.
const base64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64')

describe('cli human rendering', () => {
  it('audio and image: type, mime and decoded size, never the data', () => {
    expect(renderContent({ type: 'audio', mimeType: 'audio/wav', data: base64(1234) })).toBe('[audio audio/wav, 1234 bytes]')
    expect(renderContent({ type: 'image', mimeType: 'image/png', data: base64(1) })).toBe('[image image/png, 1 bytes]')
  })

  it('embedded resources and links keep their uri; a blob is summarized', () => {
    expect(renderContent({ type: 'resource', resource: { uri: 'file:///a.bin', mimeType: 'application/gzip', blob: base64(10) } })).toBe(
      '[resource file:///a.bin application/gzip, 10 bytes]'
    )
    expect(renderContent({ type: 'resource_link', uri: 'file:///b.txt', name: 'b' })).toBe('[resource link file:///b.txt "b"]')
  })

  it('structured content as JSON after the content; an error result says so first', () => {
    const text = renderToolResult({ content: [{ type: 'text', text: 'oops' }], structuredContent: { n: 1 }, isError: true })
    expect(text).toBe('the tool reported an error:\noops\n[structured content]\n{\n  "n": 1\n}')
  })

  it('a resource with several contents: each under its uri', () => {
    const text = renderResource({
      contents: [
        { uri: 'x://1', mimeType: 'text/plain', text: 'one' },
        { uri: 'x://2', blob: base64(3) }
      ]
    })
    expect(text).toBe('[resource x://1 (text/plain)]\none\n[resource x://2 unknown type, 3 bytes]')
  })
})
