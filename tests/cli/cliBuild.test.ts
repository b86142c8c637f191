import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI_ENTRY, CLI_SOURCES, cliBuildProblem } from '../../scripts/cliBuild.mjs'
import { tempDir } from '../main/services/helpers'

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
