/**
 * Which package tool a stdio command runs, for the server's `registryUrl`: one rule for
 * main, which applies the registry when it starts the server, and the editor, which offers them.
 */

export type PackageToolKind = 'npm' | 'pip'

/** `C:\\x\\npx.cmd` → `npx`: the tool a command names, whatever its folder and extension. */
export function commandName(command: string): string {
  return (command.replace(/\\/g, '/').split('/').pop() ?? '').replace(/\.(cmd|bat|exe|ps1)$/i, '').toLowerCase()
}

/** npx, bunx and bun fetch from an npm registry; uvx and uv from a pip index. */
export function packageToolOf(command: string): PackageToolKind | undefined {
  const name = commandName(command.trim())
  if (name === 'npx' || name === 'bunx' || name === 'bun') return 'npm'
  if (name === 'uvx' || name === 'uv') return 'pip'
  return undefined
}
