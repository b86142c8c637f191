import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI_ENTRY, CLI_SOURCES, cliBuildProblem } from '../../scripts/cliBuild.mjs'
import { ROOT, tempDir } from '../main/services/helpers'

/** A checkout with one source file and, unless told otherwise, a build made from it. */
function checkout(built = true): { root: string; source: string } {
  const root = tempDir('mcp-cli-build-')
  mkdirSync(join(root, 'src'), { recursive: true })
  const source = join(root, 'src/main.ts')
  writeFileSync(source, 'export const answer = 42\n')
  if (built) {
    mkdirSync(join(root, 'out/cli'), { recursive: true })
    writeFileSync(join(root, CLI_ENTRY), '// built\n')
    const hash = createHash('sha256').update('export const answer = 42\n').digest('hex')
    writeFileSync(join(root, CLI_SOURCES), JSON.stringify({ sources: { 'src/main.ts': hash } }))
  }
  return { root, source }
}

describe('is the built CLI current (what npm run cli and the CLI tests check)', () => {
  it('a build made from the sources as they are is current', () => {
    expect(cliBuildProblem(checkout().root)).toBeUndefined()
  })

  it('no build, a changed or removed source, or a damaged list each say what is wrong', () => {
    expect(cliBuildProblem(checkout(false).root)).toBe('out/cli/index.js is not built yet')

    const changed = checkout()
    writeFileSync(changed.source, 'export const answer = 43\n')
    expect(cliBuildProblem(changed.root)).toBe('src/main.ts changed since the last build')

    const removed = checkout()
    rmSync(removed.source)
    expect(cliBuildProblem(removed.root)).toBe('src/main.ts was removed since the last build')

    const damaged = checkout()
    writeFileSync(join(damaged.root, CLI_SOURCES), '{"sources":')
    expect(cliBuildProblem(damaged.root)).toBe('out/cli/sources.json is missing or damaged')
  })
})

describe('npm run cli:dev (the CLI run from its TypeScript sources)', () => {
  it('runs a command that loads a lazily imported module: a built-in server answers a call', async () => {
    const dir = tempDir('mcp-cli-dev-')
    const config = join(dir, 'servers.json')
    writeFileSync(config, JSON.stringify({ mcpServers: { notes: { type: 'inMemory', name: '@studio/memory', env: { MEMORY_FILE_PATH: join(dir, 'memory.json') } } } }))
    const child = spawn('npm', ['run', '-s', 'cli:dev', '--', '--config', config, 'call', 'notes', 'read_graph', '--json'], {
      cwd: ROOT,
      env: { ...process.env, MCP_STUDIO_USER_DATA: join(dir, 'user-data') }
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(stderr).not.toMatch(/Cannot find|ERR_MODULE_NOT_FOUND/)
    expect(code).toBe(0)
    expect(JSON.parse(stdout).structuredContent).toEqual({ entities: [], relations: [] })
  }, 60_000)
})
