import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const SAVED = 'sk-saved-echo-secret-7731'
const FROM_ENV = 'tok-shell-echo-secret-5519'
const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'], env: { API_KEY: SAVED, OTHER_TOKEN: '${env:STUDIO_ECHO_TOKEN}' } }
})
const env = { STUDIO_ECHO_TOKEN: FROM_ENV }
const echo = (message: string, ...extra: string[]) => cli([...config, 'call', 'everything', 'echo', '--args', JSON.stringify({ message }), ...extra], { env })

describe('cli call: a result echoing a secret the server was started with', () => {
  it('prints it redacted, in text and in --json, the rest of the result as sent', async () => {
    const text = await echo(`saved ${SAVED} and from the shell ${FROM_ENV}`)
    expect(text.code).toBe(0)
    expect(text.stdout.trim()).toBe('Echo: saved <redacted> and from the shell <redacted>')

    const json = await echo(`key=${SAVED}`, '--json')
    expect(json.stdout).not.toContain(SAVED)
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: key=<redacted>' }] })
  })
})
