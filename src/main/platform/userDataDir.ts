import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { appIdentity } from '../appIdentity'

/**
 * The folder Electron's app.getPath('userData') gives on this OS, so browser mode and the CLI
 * read the same saved servers as the desktop app. MCP_STUDIO_USER_DATA overrides it (tests).
 */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.MCP_STUDIO_USER_DATA) return env.MCP_STUDIO_USER_DATA
  const home = homedir()
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), appIdentity.name)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', appIdentity.name)
  // the XDG spec: an empty or relative XDG_CONFIG_HOME is ignored (it would land in the current folder)
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config')
  return join(xdg, appIdentity.name)
}
