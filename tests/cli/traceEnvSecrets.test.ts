import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { closeReceivers, receiver } from '../main/trace/otlpReceiver'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(async () => {
  await stopStrayClis()
  await closeReceivers()
})

// known only when the server starts: ${env:STUDIO_TEST_TOKEN} is filled from the environment then
const TOKEN = 'tok-from-env-8c1f2e9d'
const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'], env: { API_TOKEN: '${env:STUDIO_TEST_TOKEN}' } } })
const echo = ['call', 'everything', 'echo', '--args', JSON.stringify({ message: `the token is ${TOKEN}` })]

describe('a ${env:NAME} value in the spans of the call that starts its server', () => {
  it('is redacted in --trace and in what goes to the collector', async () => {
    const collector = await receiver()
    const run = await cli([...config, ...echo, '--trace', '--json'], { env: { STUDIO_TEST_TOKEN: TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } })
    expect(run.code).toBe(0)
    const printed = JSON.parse(run.stdout) as { trace: unknown[] }
    expect(printed.trace.length).toBeGreaterThan(0)
    expect(JSON.stringify(printed.trace)).not.toContain(TOKEN)
    expect(JSON.stringify(printed.trace)).toContain('<redacted>')
    expect(collector.spans.some((span) => span.name === 'everything.echo')).toBe(true)
    expect(JSON.stringify(collector.spans)).not.toContain(TOKEN)
  })
})
