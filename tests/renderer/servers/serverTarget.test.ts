import { describe, expect, it } from 'vitest'
import { serverTarget } from '../../../src/renderer/src/components/servers/serverTarget'

describe('serverTarget (list rows, the approval dialog, import previews)', () => {
  it("shows a URL with its secret-looking query values hidden, a command line in full", () => {
    expect(serverTarget({ id: 'r', name: 'r', isActive: false, type: 'httpAuto', baseUrl: 'https://h.test/mcp?token=tok-123456789&v=2' })).toBe('https://h.test/mcp?token=<redacted>&v=2')
    expect(serverTarget({ id: 's', name: 's', isActive: false, type: 'stdio', command: 'node', args: ['server.js', '--port', '1'] })).toBe('node server.js --port 1')
  })
})
