import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, fixture, isAlive, readPids, tempDir, waitFor } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const askerPids = join(tempDir('mcp-cli-asker-'), 'pids')
const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
  asker: { command: 'node', args: [fixture('asker.mjs')], env: { PID_FILE: askerPids } }
})
const run = (...args: string[]) => cli([...config, ...args])

/** a form where every required field has a default, and one optional field has none */
const withDefaults = {
  message: 'Where to?',
  schema: {
    type: 'object',
    properties: {
      city: { type: 'string', default: 'Paris' },
      nights: { type: 'integer', minimum: 1, default: 3 },
      breakfast: { type: 'boolean', default: true },
      room: { type: 'string', oneOf: [{ const: 'single', title: 'Single' }, { const: 'double', title: 'Double' }], default: 'double' },
      extras: { type: 'array', items: { type: 'string', enum: ['spa', 'gym'] }, default: ['gym'] },
      note: { type: 'string' }
    },
    required: ['city', 'nights']
  }
}

/** what the asker fixture says it got back */
const answerOf = (stdout: string) => JSON.parse(stdout) as { action: string; content?: Record<string, unknown> }

describe('cli: what servers ask, with no terminal (a pipe, CI)', () => {
  it('sampling is declined at once: the stderr note names the request, the tool reports the rejection (exit 1)', async () => {
    const result = await run('call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"a haiku"}')
    expect(result.stderr).toContain('declined sampling from everything: "Resource trigger-sampling-request context: a haiku" (no terminal to ask on)')
    // the server got the rejection (not a timeout): its tool says so
    expect(result.stderr).toContain('the user rejected the sampling request: the CLI has no terminal to ask the user on')
    expect(result.stderr).not.toMatch(/timed out/)
    expect(result.code).toBe(1)
  })

  it('elicitation is declined at once; the call finishes with what the tool makes of it, --json stays pure JSON', async () => {
    const result = await run('call', 'everything', 'trigger-elicitation-request', '--json')
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(
      'declined elicitation from everything: "Please provide inputs for the following fields:" (no terminal; use --elicitation accept-defaults)'
    )
    const text = JSON.parse(result.stdout).content.map((c: { text: string }) => c.text).join('\n')
    expect(text).toContain('User declined to provide the requested information')
    expect(text).toContain('"action": "decline"')
  })

  it('--elicitation accept-defaults sends each field’s default; an optional field without one is left out', async () => {
    const before = readPids(askerPids).length
    const result = await run('call', 'asker', 'ask', '--args', JSON.stringify(withDefaults), '--elicitation', 'accept-defaults')
    expect(result.code).toBe(0)
    expect(answerOf(result.stdout)).toEqual({
      action: 'accept',
      content: { city: 'Paris', nights: 3, breakfast: true, room: 'double', extras: ['gym'] }
    })
    expect(result.stderr).toContain('accepted elicitation from asker with the defaults: "Where to?"')
    const pid = readPids(askerPids)[before]
    await waitFor(() => !isAlive(pid), 10_000, 'the asker server to be gone')
  })

  it('--elicitation accept-defaults declines a form whose required field has no default, naming the field', async () => {
    const result = await run('call', 'everything', 'trigger-elicitation-request', '--elicitation', 'accept-defaults')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('"action": "decline"')
    expect(result.stderr).toContain('required field "name" has no default')
  })

  it('--elicitation decline and --sampling decline answer without asking, and say which flag did', async () => {
    const elicitation = await run('call', 'asker', 'ask', '--args', JSON.stringify(withDefaults), '--elicitation', 'decline')
    expect(elicitation.code).toBe(0)
    expect(answerOf(elicitation.stdout)).toEqual({ action: 'decline' })
    expect(elicitation.stderr).toContain('declined elicitation from asker: "Where to?" (--elicitation decline)')

    const sampling = await run('call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"hi"}', '--sampling', 'decline')
    expect(sampling.code).toBe(1)
    expect(sampling.stderr).toContain('(--sampling decline)')
    expect(sampling.stderr).toContain('the user rejected the sampling request: declined with --sampling decline')
  })

  it("a server's control sequences in its question are shown as escapes on stderr, never acted on", async () => {
    const hostile = { message: 'Hi\u001b]0;pwned\u0007\u001b[2J', schema: { type: 'object', properties: {} } }
    const result = await run('call', 'asker', 'ask', '--args', JSON.stringify(hostile))
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('declined elicitation from asker: "Hi\\x1b]0;pwned\\x07\\x1b[2J"')
    expect(result.stderr).not.toContain('\u001b')
  })

  it('a bad --elicitation or --sampling value, or either flag on a command that starts no server, is a usage error (exit 2)', async () => {
    const bad = await run('call', 'asker', 'ask', '--elicitation', 'yes')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--elicitation takes accept-defaults or decline, got "yes"')

    const badSampling = await run('call', 'everything', 'echo', '--sampling', 'accept')
    expect(badSampling.code).toBe(2)
    expect(badSampling.stderr).toContain('--sampling takes decline or model, got "accept"')

    const nowhere = await run('servers', '--sampling', 'decline')
    expect(nowhere.code).toBe(2)
    expect(nowhere.stderr).toContain('--sampling does not apply to "servers"')
  })
})
