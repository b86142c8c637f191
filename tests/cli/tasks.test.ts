import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'] } })
const run = (...args: string[]) => cli([...config, ...args])
const statusLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('status: '))

// a tool that needs MCP Tasks runs as a task from the CLI too
describe('cli call of a task tool', () => {
  it('simulate-research-query: "status: STATUS message" lines on stderr, the report on stdout', async () => {
    const result = await run('call', 'everything', 'simulate-research-query', '--args', '{"topic":"tides"}')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('# Research Report: tides')
    const lines = statusLines(result.stderr)
    expect(lines[0]).toBe('status: working Gathering sources...')
    expect(lines).toContain('status: working Generating report...')
    expect(result.stderr).not.toContain('requires task-based execution')
  })

  it('--json: the result alone on stdout, statuses still on stderr', async () => {
    const result = await run('call', 'everything', 'simulate-research-query', '--args', '{"topic":"moss"}', '--json')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('Research Report: moss') }] })
    expect(statusLines(result.stderr).length).toBeGreaterThanOrEqual(1)
  })

  it('a question the task asks is answered like any other: without a terminal it is declined, and the task goes on', async () => {
    const result = await run('call', 'everything', 'simulate-research-query', '--args', '{"topic":"python","ambiguous":true}')
    expect(result.code).toBe(0)
    const lines = statusLines(result.stderr)
    expect(lines).toContain('status: input_required Found multiple interpretations for "python". Requesting clarification...')
    expect(result.stderr).toContain('declined elicitation from everything')
    expect(result.stdout).toContain('# Research Report: python (User declined - using default interpretation)')
  })

  it('Ctrl-C during the task cancels it and exits 130 without a result', async () => {
    let sent = false
    const interrupted = await cli([...config, 'call', 'everything', 'simulate-research-query', '--args', '{"topic":"fog"}'], {
      onStderr: (stderr, child) => {
        if (!sent && statusLines(stderr).length > 0) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })
    expect(sent).toBe(true)
    expect(interrupted.code).toBe(130)
    expect(interrupted.stdout).toBe('')
  })
})
