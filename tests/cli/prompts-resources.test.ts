import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { cli, labServer, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
  lab: labServer().config
})
const run = (...args: string[]) => cli([...config, ...args])

describe('cli prompts and resources', () => {
  it('prompts: name, arguments (* required), description; --json is the list', async () => {
    const human = await run('prompts', 'everything')
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/^args-prompt\t\(city\*, state\)\tA prompt with two arguments/m)
    expect(human.stdout).toMatch(/^simple-prompt\t\(\)\t/m)

    const json = await run('prompts', 'lab', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ name: 'greet', description: 'Greets someone', arguments: [expect.objectContaining({ name: 'name', required: true })] })
    ])
  })

  it('prompt NAME --args: the messages, human and --json', async () => {
    const human = await run('prompt', 'everything', 'args-prompt', '--args', '{"city":"Paris","state":"Texas"}')
    expect(human.code).toBe(0)
    expect(human.stdout).toBe("[user]\nWhat's weather in Paris, Texas?\n")

    const json = await run('prompt', 'lab', 'greet', '--args', '{"name":"Ada"}', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello, Ada!' } }] })
  })

  it('prompt: non-string --args values and bad JSON are usage errors; an unknown prompt is a failure', async () => {
    const number = await run('prompt', 'lab', 'greet', '--args', '{"name":42}')
    expect(number.code).toBe(2)
    expect(number.stderr).toContain('--args: prompt argument "name" must be a string')
    expect((await run('prompt', 'lab', 'greet', '--args', 'nope')).code).toBe(2)

    const unknown = await run('prompt', 'lab', 'no-such-prompt', '--json')
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toContain('getting prompt "no-such-prompt" failed')
  })

  it('resources: resources and resource templates, human and --json', async () => {
    const human = await run('resources', 'lab')
    expect(human.code).toBe(0)
    expect(human.stdout).toBe('resources (1):\n  lab://note\tnote\ttext/plain\ntemplates (1):\n  lab://items/{id}\titem\ttext/plain\n')

    const json = await run('resources', 'everything', '--json')
    expect(json.code).toBe(0)
    const { resources, resourceTemplates } = JSON.parse(json.stdout)
    expect(resources.length).toBeGreaterThan(0)
    expect(resources[0]).toMatchObject({ uri: expect.stringMatching(/^demo:\/\//), name: expect.any(String) })
    expect(resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual(
      expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}', 'demo://resource/dynamic/blob/{resourceId}'])
    )
  })

  it('resource URI: text printed as is; a blob summarized as mime and size, in full with --json', async () => {
    const text = await run('resource', 'lab', 'lab://items/7')
    expect(text.code).toBe(0)
    expect(text.stdout).toBe('item 7\n')

    const blob = await run('resource', 'everything', 'demo://resource/dynamic/blob/1')
    expect(blob.code).toBe(0)
    const json = await run('resource', 'everything', 'demo://resource/dynamic/blob/1', '--json')
    expect(json.code).toBe(0)
    const [contents] = JSON.parse(json.stdout).contents
    expect(contents).toMatchObject({ uri: 'demo://resource/dynamic/blob/1', blob: expect.any(String) })
    expect(blob.stdout).toBe(
      `[resource demo://resource/dynamic/blob/1 ${contents.mimeType}, ${Buffer.from(contents.blob, 'base64').length} bytes]\n`
    )
  })

  it('resource: an unknown URI fails with exit 1, naming it', async () => {
    const missing = await run('resource', 'lab', 'lab://nothing-here')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('reading resource lab://nothing-here failed')
  })
})
