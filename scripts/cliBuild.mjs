// The built CLI (out/cli/index.js, scripts/buildCli.mjs) and whether it is current: the build
// writes the hash of every source file bundled into it and of package-lock.json (its
// dependencies are bundled too) to out/cli/sources.json; `npm run cli` rebuilds when one
// differs, and the CLI tests refuse to run against a stale build.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'

export const CLI_ENTRY = 'out/cli/index.js'
export const CLI_SOURCES = 'out/cli/sources.json'

const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** A vite/rolldown plugin for the CLI build: records the sources of its entry and its chunks. */
export function cliSourcesPlugin(root) {
  return {
    name: 'mcp-studio:cli-sources',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) return
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const files = new Set()
      const seen = new Set()
      const visit = (chunk) => {
        if (!chunk || seen.has(chunk)) return
        seen.add(chunk)
        for (const id of chunk.moduleIds) {
          const path = relative(root, id.split('?')[0])
          if (!path.startsWith('..') && !isAbsolute(path) && !path.split(sep).includes('node_modules') && existsSync(id)) files.add(path)
        }
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(byName.get(next))
      }
      visit(entry)
      files.add('scripts/buildCli.mjs')
      files.add('package-lock.json')
      const sources = Object.fromEntries([...files].sort().map((file) => [file.split(sep).join('/'), hashOf(join(root, file))]))
      this.emitFile({ type: 'asset', fileName: 'sources.json', source: `${JSON.stringify({ sources }, null, 1)}\n` })
    }
  }
}

/** Why out/cli/index.js cannot be run as the current CLI, or undefined when it can. */
export function cliBuildProblem(root) {
  if (!existsSync(join(root, CLI_ENTRY))) return `${CLI_ENTRY} is not built yet`
  let sources
  try {
    sources = JSON.parse(readFileSync(join(root, CLI_SOURCES), 'utf8')).sources
  } catch {
    return `${CLI_SOURCES} is missing or damaged`
  }
  for (const [file, hash] of Object.entries(sources ?? {})) {
    const path = join(root, file)
    if (!existsSync(path)) return `${file} was removed since the last build`
    if (hashOf(path) !== hash) return `${file} changed since the last build`
  }
  return Object.keys(sources ?? {}).length ? undefined : `${CLI_SOURCES} lists no sources`
}
