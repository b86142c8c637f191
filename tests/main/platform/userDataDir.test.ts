import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appIdentity } from '../../../src/main/appIdentity'
import { defaultUserDataDir } from '../../../src/main/platform/userDataDir'

describe('the user-data folder in plain Node (the CLI, browser mode)', () => {
  it.each([
    ['XDG_CONFIG_HOME when set', { XDG_CONFIG_HOME: '/xdg' }, join('/xdg', appIdentity.name)],
    ['~/.config without it', {}, join(homedir(), '.config', appIdentity.name)],
    // the XDG spec: empty or relative is ignored; before, these landed in the current folder
    ['~/.config when it is empty', { XDG_CONFIG_HOME: '' }, join(homedir(), '.config', appIdentity.name)],
    ['~/.config when it is relative', { XDG_CONFIG_HOME: 'conf' }, join(homedir(), '.config', appIdentity.name)],
    ['MCP_STUDIO_USER_DATA over everything', { MCP_STUDIO_USER_DATA: '/data', XDG_CONFIG_HOME: '/xdg' }, '/data']
  ])('Linux: %s', (_what, env, expected) => {
    expect(defaultUserDataDir(env, 'linux')).toBe(expected)
  })
})
