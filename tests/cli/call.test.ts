import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, fixture, isAlive, readPids, tempDir, waitFor } from '../main/services/helpers'
import { cli, labServer, progressLines, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

/** a hang guard for tests that start the CLI many times on a loaded machine */
const SPAWNS_MANY = 120_000

const lab = labServer()
const stubbornPids = join(tempDir('mcp-cli-'), 'pids')
const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
  lab: lab.config,
  stubborn: { command: 'node', args: [fixture('ignore-stdin.mjs')], env: { PID_FILE: stubbornPids, IGNORE_SIGTERM: '1' } }
})
const run = (...args: string[]) => cli([...config, ...args])

describe('cli call', () => {
  it('--args reaches the tool; --json prints the whole result and nothing else on stdout', async () => {
    const text = await run('call', 'everything', 'get-sum', '--args', '{"a":2,"b":40}')
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('42')

    const json = await run('call', 'everything', 'echo', '--args', '{"message":"über ✓"}', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: über ✓' }] })
  })

  it("a server's control sequences are shown, never acted on; --json keeps them exactly", async () => {
    // a window title (OSC … BEL), a cleared screen, a backspace and a NUL, as a hostile server could send them
    const hostile = '\u001b]0;pwned\u0007\u001b[2Jrm\b\u0000!'
    const args = JSON.stringify({ message: hostile })
    const human = await run('call', 'everything', 'echo', '--args', args)
    expect(human.code).toBe(0)
    const controls = [...human.stdout].filter((c) => (c < ' ' && c !== '\n' && c !== '\t') || c === '\u007f')
    expect(controls).toEqual([])
    expect(human.stdout.trim()).toBe('Echo: \\x1b]0;pwned\\x07\\x1b[2Jrm\\x08\\x00!')

    const json = await run('call', 'everything', 'echo', '--args', args, '--json')
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: `Echo: ${hostile}` }] })
  })

  it('bad --args: a usage error naming the flag, before any server is started', async () => {
    const before = lab.events().length
    for (const bad of ['{oops', '[1,2]', '"text"']) {
      const result = await run('call', 'lab', 'wait', '--args', bad)
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toContain('--args')
    }
    expect((await run('call', 'lab', 'wait', '--args', '{oops')).stderr).toContain('not valid JSON')
    expect(lab.events().length).toBe(before)
  }, SPAWNS_MANY)

  it('--timeout overrides the server timeout: a 5 s wait with --timeout 1 fails as a timeout', async () => {
    const result = await run('call', 'lab', 'wait', '--args', '{"ms":5000}', '--timeout', '1')
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('tool "wait" timed out after 1 s')
    expect((await run('call', 'lab', 'wait', '--timeout', 'soon')).code).toBe(2)
  })

  it('progress on stderr as "progress: N/TOTAL message", stdout holds only the result', async () => {
    const result = await run('call', 'lab', 'wait', '--args', '{"ms":400}', '--json')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ content: [{ type: 'text', text: 'waited 400 ms' }] })
    const lines = progressLines(result.stderr)
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines[0]).toBe('progress: 0/400 step 0')
    expect(lines).toContain('progress: 100/400 step 1')
  })

  it('progress from server-everything trigger-long-running-operation (no message: "N/TOTAL")', async () => {
    const result = await run('call', 'everything', 'trigger-long-running-operation', '--args', '{"duration":1,"steps":3}')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Long running operation completed')
    const lines = progressLines(result.stderr)
    expect(lines.length).toBeGreaterThanOrEqual(2)
    for (const line of lines) expect(line).toMatch(/^progress: \d+\/3$/)
  })

  it('results per content type: image summary, structured content as JSON, resource links and embedded resources with their uri', async () => {
    const image = await run('call', 'everything', 'get-tiny-image')
    expect(image.code).toBe(0)
    expect(image.stdout).toMatch(/^\[image image\/png, \d+ bytes\]$/m)
    expect(image.stdout).not.toMatch(/[A-Za-z0-9+/]{200}/) // no base64 dump

    const imageJson = await run('call', 'everything', 'get-tiny-image', '--json')
    const block = JSON.parse(imageJson.stdout).content.find((c: { type: string }) => c.type === 'image')
    expect(block).toMatchObject({ type: 'image', mimeType: 'image/png', data: expect.any(String) })
    // the summary's size is the decoded size of exactly that data
    expect(image.stdout).toContain(`[image image/png, ${Buffer.from(block.data, 'base64').length} bytes]`)

    const structured = await run('call', 'everything', 'get-structured-content', '--args', '{"location":"Chicago"}')
    expect(structured.code).toBe(0)
    const json = structured.stdout.slice(structured.stdout.indexOf('[structured content]\n') + '[structured content]\n'.length)
    expect(JSON.parse(json)).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) })

    const links = await run('call', 'everything', 'get-resource-links', '--args', '{"count":2}')
    expect(links.stdout).toMatch(/^\[resource link demo:\/\/resource\/dynamic\/\S+ "[^"]+"/m)

    const embedded = await run('call', 'everything', 'get-resource-reference')
    expect(embedded.stdout).toMatch(/^\[resource demo:\/\/resource\/dynamic\/text\/1 \(text\/plain\)\]\nResource 1: /m)
  }, SPAWNS_MANY)

  it('a tool error result: rendered on stderr, exit 1; with --json the result is on stdout, exit 1', async () => {
    const human = await run('call', 'everything', 'no-such-tool')
    expect(human.code).toBe(1)
    expect(human.stdout).toBe('')
    expect(human.stderr).toContain('the tool reported an error:')
    const json = await run('call', 'everything', 'no-such-tool', '--json')
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ isError: true })
  })

  it('Ctrl-C mid-call: exit 130, the server got notifications/cancelled, its process is gone', async () => {
    let sent = false
    const pidsBefore = lab.pids().length
    const before = lab.events().length
    const interrupted = await cli([...config, 'call', 'lab', 'wait', '--args', '{"ms":60000}'], {
      onStderr: (text, child) => {
        if (!sent && text.includes('progress: ')) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })
    expect(sent).toBe(true)
    expect(interrupted.code).toBe(130)
    expect(interrupted.stderr).toContain('interrupted; stopping servers')
    const events = lab.events().slice(before)
    expect(events).toContain('notification notifications/cancelled')
    expect(events).toContain('aborted wait')
    const pid = lab.pids()[pidsBefore]
    expect(pid).toBeGreaterThan(0)
    await waitFor(() => !isAlive(pid), 10_000, 'the lab server to be gone')
  })

  it('SIGTERM mid-call is handled like Ctrl-C: the call cancelled, the server stopped, exit 143', async () => {
    let sent = false
    const pidsBefore = lab.pids().length
    const before = lab.events().length
    const result = await cli([...config, 'call', 'lab', 'wait', '--args', '{"ms":60000}'], {
      onStderr: (text, child) => {
        if (!sent && text.includes('progress: ')) {
          sent = true
          child.kill('SIGTERM')
        }
      }
    })
    expect(result.code).toBe(143)
    expect(lab.events().slice(before)).toContain('notification notifications/cancelled')
    const pid = lab.pids()[pidsBefore]
    await waitFor(() => !isAlive(pid), 10_000, 'the lab server to be gone')
  })

  it('a second Ctrl-C quits at once, and still ends a server that ignores stdin and SIGTERM', async () => {
    const before = readPids(stubbornPids).length
    let sent = 0
    const result = await cli([...config, 'call', 'stubborn', 'sleep', '--args', '{"ms":60000}'], {
      onStderr: (text, child) => {
        if (sent === 0 && text.includes('progress: ')) {
          sent = 1
          child.kill('SIGINT')
        } else if (sent === 1 && text.includes('interrupted; stopping servers')) {
          sent = 2
          child.kill('SIGINT')
        }
      }
    })
    expect(sent).toBe(2)
    expect(result.code).toBe(130)
    expect(result.stderr).toContain('quitting at once')
    const pid = readPids(stubbornPids)[before]
    expect(pid).toBeGreaterThan(0)
    await waitFor(() => !isAlive(pid), 10_000, 'the stubborn server to be gone')
  })
})
