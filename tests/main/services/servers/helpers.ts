import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StdioServerInput } from '@shared/mcp/server'
import { ServerRegistry, type ServerRegistryOptions } from '../../../../src/main/services/servers/ServerRegistry'

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/** A fixed clock, so the name of a set-aside file is known. */
export const NOW = 1_700_000_000_000

const dirs: string[] = []

/** A fresh user-data folder; removeTempDirs() (afterEach) deletes them all. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-registry-'))
  dirs.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export const serversFile = (dir: string) => join(dir, 'mcp', 'servers.json')

export const readServersFile = (dir: string) =>
  JSON.parse(readFileSync(serversFile(dir), 'utf8')) as { version: number; servers: Record<string, unknown>[]; approvals: Record<string, string> }

/** Writes servers.json by hand (a string as is, anything else as JSON), 0600 as the app writes it. */
export function writeServersFile(dir: string, content: unknown): void {
  mkdirSync(join(dir, 'mcp'), { recursive: true })
  writeFileSync(serversFile(dir), typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content), { mode: 0o600 })
}

export function stdio(name: string, extra: Partial<StdioServerInput> = {}): StdioServerInput {
  return { id: `id-${name}`, name, type: 'stdio', command: 'node', args: [`${name}.js`], ...extra }
}

/** A registry on `dir`, loaded. */
export async function openRegistry(dir: string, options: Partial<ServerRegistryOptions> = {}): Promise<ServerRegistry> {
  const registry = new ServerRegistry({ userDataDir: dir, now: () => NOW, ...options })
  await registry.load()
  return registry
}

export const names = (registry: ServerRegistry) => registry.snapshot().servers.map((server) => server.name)
