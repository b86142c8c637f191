import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, fixture, isAlive, readPids, tempDir, waitFor } from '../main/services/helpers'
import { closeStrayPtys, ptyCli } from './pty'
import { labServer, writeConfig } from './run'

afterEach(closeStrayPtys)

const dir = tempDir('mcp-cli-tty-')
const askerPids = join(dir, 'pids')
const askerAnswers = join(dir, 'answers')
const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
  asker: { command: 'node', args: [fixture('asker.mjs')], env: { PID_FILE: askerPids, EVENTS_FILE: askerAnswers } },
  lab: labServer().config
})
const onTerminal = (...args: string[]) => ptyCli([...config, ...args])

/** what the terminal showed, with the pty's CR LF as plain newlines */
const plain = (screen: string) => screen.replace(/\r\n/g, '\n')

/** everything's tools end with `Raw result: {…}`, the answer they got */
function rawResult(screen: string): unknown {
  const match = /Raw result: (\{[\s\S]*?\n\})/.exec(plain(screen))
  if (!match) throw new Error(`no raw result on the screen:\n${screen}`)
  return JSON.parse(match[1])
}

/** the answers the asker got, one per line (none yet: no file) */
function answersOf(): unknown[] {
  try {
    return readFileSync(askerAnswers, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
  } catch {
    return []
  }
}

describe('cli: what servers ask, on a terminal', () => {
  it('an elicitation form is asked field by field: types checked, required insisted on, Enter takes the default; the answers reach the server', async () => {
    const tty = onTerminal('call', 'everything', 'trigger-elicitation-request')
    await tty.next('everything asks: Please provide inputs for the following fields:')
    const answer = async (prompt: string, keys: string) => {
      await tty.next(prompt)
      tty.type(`${keys}\r`)
    }
    await answer('Your full, legal name', '')
    await tty.next('required: type a value')
    await answer('Your full, legal name', 'Ada Lovelace')
    await answer('Agree to the terms and conditions (y/n)', 'maybe')
    await tty.next('type y or n')
    await answer('Agree to the terms and conditions (y/n)', 'y')
    await answer('Favorite first line of a story [It was a dark and stormy night.]', '')
    await answer('Your email address', 'ada')
    await tty.next('not accepted: must match format "email"')
    await answer('Your email address', 'ada@example.com')
    await answer('Portfolio / personal website', '')
    await answer('Your date of birth', '1815-12-10')
    await answer('Your favorite integer', '500')
    await tty.next('not accepted: must be <= 100')
    await answer('Your favorite integer', '7')
    await answer('Favorite number', '')
    await tty.next('3) Joey')
    await answer('Choose your favorite friend', '3')
    await answer('Choose your favorite instruments', '2,4')
    await tty.next('3) Wonder Woman')
    await answer('Choose your favorite hero', '3')
    await answer('Choose your favorite types of fish', '')
    await tty.next('2) Dogs')
    await answer('Choose your favorite type of pet', '2')

    const { code, output } = await tty.done
    expect(code).toBe(0)
    expect(rawResult(output)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        birthdate: '1815-12-10',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Joey',
        untitledMultipleSelectEnum: ['Piano', 'Drums'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-2'
      }
    })
  })

  it('a sampling request is shown (system prompt, max tokens, messages) and the reply typed there reaches the server', async () => {
    const tty = onTerminal('call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"a haiku","maxTokens":64}')
    await tty.next('everything asks for a model reply (sampling)')
    await tty.next('your reply')
    const shown = plain(tty.output())
    expect(shown).toContain('system prompt: You are a helpful test server.')
    expect(shown).toContain('max tokens: 64')
    expect(shown).toContain('[user] Resource trigger-sampling-request context: a haiku')
    tty.type('Old pond, a frog jumps\r')

    const { code, output } = await tty.done
    expect(code).toBe(0)
    const result = /LLM sampling result: \n(\{[\s\S]*?\n\})/.exec(plain(output))
    expect(JSON.parse(result![1])).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Old pond, a frog jumps' },
      model: 'human',
      stopReason: 'endTurn'
    })
  })

  it('Ctrl-C at a prompt cancels that question only: the call goes on, and the next Ctrl-C stops it as usual', async () => {
    const before = readPids(askerPids).length
    const form = { message: 'Where to?', schema: { type: 'object', properties: { city: { type: 'string' } } }, thenWaitMs: 60_000 }
    const tty = onTerminal('call', 'asker', 'ask', '--args', JSON.stringify(form))
    await tty.next('city')
    tty.type('Par\u0003')
    await tty.next('cancelled the request from asker')
    await waitFor(() => answersOf().length > 0, 10_000, 'the answer to reach the asker')
    expect(answersOf()).toEqual([{ action: 'cancel' }])
    // the tool works on after the answer; the terminal is no longer raw, so Ctrl-C is a signal again
    await tty.next('progress: ')
    tty.type('\u0003')
    await tty.next('interrupted; stopping servers')
    expect((await tty.done).code).toBe(130)
    const pid = readPids(askerPids)[before]
    expect(pid).toBeGreaterThan(0)
    await waitFor(() => !isAlive(pid), 10_000, 'the asker server to be gone')
  })

  it('Ctrl-C at the sampling reply rejects the request; the tool reports it (exit 1)', async () => {
    const tty = onTerminal('call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"hi"}')
    await tty.next('your reply')
    tty.type('half a rep\u0003')
    const { code, output } = await tty.done
    expect(code).toBe(1)
    expect(output).toContain('declined sampling from everything: "Resource trigger-sampling-request context: hi" (Ctrl-C)')
    expect(output).toContain('the user rejected the sampling request: the user pressed Ctrl-C')
  })

  it('a link is shown and, answered "n", declined without opening anything', async () => {
    const tty = onTerminal('call', 'everything', 'trigger-url-elicitation', '--args', '{"url":"https://example.com/consent","message":"Sign in"}')
    await tty.next('everything asks you to open a link: Sign in')
    await tty.next('open it in your browser? (y/N')
    expect(tty.output()).toContain('https://example.com/consent')
    tty.type('n\r')
    const { code, output } = await tty.done
    expect(code).toBe(0)
    expect(rawResult(output)).toEqual({ action: 'decline' })
  })

  it('a question the server withdraws while it is on screen is closed; the call finishes with what the server makes of it', async () => {
    const tty = onTerminal('call', 'lab', 'ask-then-give-up', '--args', '{"ms":3000}')
    await tty.next('lab asks: Never mind')
    await tty.next('x: ')
    await tty.next("no longer waiting for your answer to lab's request")
    const { code, output } = await tty.done
    expect(code).toBe(0)
    expect(output).toContain('gave up:')
  })

  it("a server's control sequences in a question are shown as escapes on the terminal", async () => {
    const hostile = {
      message: 'Title\u001b]0;pwned\u0007 please',
      schema: { type: 'object', properties: { city: { type: 'string', title: 'City\u001b[2J', description: 'where\u0007to' } } }
    }
    const tty = onTerminal('call', 'asker', 'ask', '--args', JSON.stringify(hostile))
    await tty.next('asker asks: Title\\x1b]0;pwned\\x07 please')
    await tty.next('City\\x1b[2J — where\\x07to: ')
    expect(tty.output()).not.toContain(']0;pwned\u0007')
    expect(tty.output()).not.toContain('\u001b[2J')
    tty.type('Oslo\r')
    const { code, output } = await tty.done
    expect(code).toBe(0)
    expect(output).toContain('{"action":"accept","content":{"city":"Oslo"}}')
  })

  it('--elicitation decline answers on a terminal too, without asking', async () => {
    const form = { message: 'Where to?', schema: { type: 'object', properties: { city: { type: 'string' } } } }
    const { code, output } = await onTerminal('call', 'asker', 'ask', '--args', JSON.stringify(form), '--elicitation', 'decline').done
    expect(code).toBe(0)
    expect(output).toContain('declined elicitation from asker: "Where to?" (--elicitation decline)')
    expect(output).not.toContain('one question per field')
    expect(output).toContain('{"action":"decline"}')
  })
})
