import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const KEY = 'sk-live-cli-query-4242'
const URL_WITH_KEY = `http://127.0.0.1:9/mcp?api_key=${KEY}&region=eu`
const SHOWN = 'http://127.0.0.1:9/mcp?api_key=<redacted>&region=eu'

describe("cli and a URL's secret query values", () => {
  it('servers (and --json) show the URL with the key hidden', async () => {
    const config = writeConfig({ remote: { type: 'streamableHttp', url: URL_WITH_KEY } })
    const text = await cli([...config, 'servers'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain(SHOWN)
    expect(text.stdout).not.toContain(KEY)
    const json = await cli([...config, 'servers', '--json'])
    expect(json.stdout).not.toContain(KEY)
    expect(JSON.parse(json.stdout)[0].baseUrl).toBe(SHOWN)
  })

  it('import keeps the key out of the approval; approve and a failed check never print it', async () => {
    const userData = tempDir('mcp-cli-urlkey-')
    const env = { MCP_STUDIO_USER_DATA: userData }
    const [, file] = writeConfig({ remote: { type: 'streamableHttp', url: URL_WITH_KEY } })
    expect((await cli(['import', file], { env })).code).toBe(0)
    const saved = JSON.parse(readFileSync(join(userData, 'mcp', 'servers.json'), 'utf8')) as { approvals: Record<string, string> }
    expect(Object.values(saved.approvals)).toEqual([SHOWN])
    const approve = await cli(['approve', 'remote'], { env })
    expect(approve.stdout + approve.stderr).toContain(SHOWN)
    // nothing listens on port 9: the error names the server, never the key
    const check = await cli(['check', 'remote', '--connect-timeout', '5'], { env })
    expect(check.code).toBe(1)
    expect(check.stdout + check.stderr).not.toContain(KEY)
    const logs = await cli(['logs', 'remote'], { env })
    expect(logs.stdout + logs.stderr).not.toContain(KEY)
  })
})
