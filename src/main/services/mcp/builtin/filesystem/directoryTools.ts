import { lstat, mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { minimatch } from 'minimatch'
import { z } from 'zod'
import { formatSize } from './fileIo'
import type { PathGuard } from './pathGuard'
import { creates, friendly, reads, text } from './toolKit'
import { MAX_VISITED, entriesOf, excluder, walk } from './walk'
import { holdFolder } from './verifiedOpen'

/** Bounds on what one call returns. */
const MAX_LISTED = 10_000
const MAX_MATCHES = 1_000
const MAX_TREE_ENTRIES = 10_000

const pathArg = z.string().describe('The directory, absolute or relative to the first allowed directory')
const excludeArg = z
  .array(z.string())
  .optional()
  .describe('Glob patterns to leave out, relative to path; one without a slash (e.g. "node_modules") matches at any depth')

async function folder(guard: PathGuard, path: string): Promise<{ real: string; requested: string }> {
  const { real, requested } = await guard.resolve(path)
  if (!(await stat(real)).isDirectory()) throw new Error(`"${requested}" is not a directory.`)
  return { real, requested }
}

/**
 * `use` on the folder held open and checked, named through its descriptor: a folder swapped for a
 * link after the guard looked lists nothing outside. (Deeper levels of a tree are read by name.)
 */
async function inFolder<T>(guard: PathGuard, path: string, use: (dir: string) => Promise<T>): Promise<T> {
  const { real, requested } = await folder(guard, path)
  const held = await holdFolder(real, requested, guard.allows)
  try {
    return await use(held.entry(''))
  } finally {
    await held.close()
  }
}

const note = (result: CallToolResult, message: string | false): CallToolResult =>
  message ? { content: [...result.content, { type: 'text', text: message }] } : result

interface TreeEntry {
  name: string
  type: 'file' | 'directory'
  children?: TreeEntry[]
}

/** The nested tree, symbolic links as files (never followed), within a budget of entries. */
async function tree(dir: string, rel: string, isExcluded: (rel: string) => boolean, budget: { count: number; cut: boolean }): Promise<TreeEntry[]> {
  const out: TreeEntry[] = []
  for (const entry of await entriesOf(dir)) {
    if (budget.count >= MAX_TREE_ENTRIES) {
      budget.cut = true
      break
    }
    const childRel = rel ? `${rel}/${entry.name}` : entry.name
    if (isExcluded(childRel)) continue
    budget.count++
    if (entry.isDirectory()) out.push({ name: entry.name, type: 'directory', children: await tree(join(dir, entry.name), childRel, isExcluded, budget) })
    else out.push({ name: entry.name, type: 'file' })
  }
  return out
}

/** list_directory, list_directory_with_sizes, directory_tree, create_directory, search_files. */
export function registerDirectoryTools(server: McpServer, guard: PathGuard): void {
  server.registerTool(
    'list_directory',
    {
      title: 'List Directory',
      description:
        'Get a listing of the files and directories in a directory, each prefixed with [DIR] or [FILE]. ' +
        'Only works within allowed directories.',
      inputSchema: { path: pathArg },
      annotations: reads
    },
    friendly(async ({ path }) => {
      const entries = await inFolder(guard, path, entriesOf)
      const lines = entries.slice(0, MAX_LISTED).map((e) => `${e.isDirectory() ? '[DIR]' : '[FILE]'} ${e.name}`)
      const result = text(lines.length ? lines.join('\n') : '(empty directory)')
      return note(result, entries.length > MAX_LISTED && `(showing the first ${MAX_LISTED} of ${entries.length} entries)`)
    })
  )

  server.registerTool(
    'list_directory_with_sizes',
    {
      title: 'List Directory with Sizes',
      description: 'Like list_directory, with the size of each file and totals. Only works within allowed directories.',
      inputSchema: { path: pathArg, sortBy: z.enum(['name', 'size']).optional().default('name').describe('Sort entries by name or size') },
      annotations: reads
    },
    friendly(async ({ path, sortBy }) => {
      const sized = await inFolder(guard, path, async (dir) => {
        const entries = (await entriesOf(dir)).slice(0, MAX_LISTED)
        return Promise.all(entries.map(async (e) => ({ e, size: e.isFile() ? await lstat(join(dir, e.name)).then((s) => s.size, () => 0) : 0 })))
      })
      if (sortBy === 'size') sized.sort((a, b) => b.size - a.size)
      const lines = sized.map(({ e, size }) => (e.isDirectory() ? `[DIR]  ${e.name}` : `[FILE] ${e.name.padEnd(30)} ${formatSize(size).padStart(10)}`))
      const files = sized.filter(({ e }) => !e.isDirectory())
      const total = files.reduce((sum, { size }) => sum + size, 0)
      lines.push('', `Total: ${files.length} files, ${sized.length - files.length} directories`, `Combined size: ${formatSize(total)}`)
      return text(lines.join('\n'))
    })
  )

  server.registerTool(
    'directory_tree',
    {
      title: 'Directory Tree',
      description:
        'Get a recursive tree of files and directories as JSON: each entry has name, type ("file" or "directory") ' +
        'and, for directories, children. Symbolic links are shown as files and not followed. ' +
        `At most ${MAX_TREE_ENTRIES} entries. Only works within allowed directories.`,
      inputSchema: { path: pathArg, excludePatterns: excludeArg },
      annotations: reads
    },
    friendly(async ({ path, excludePatterns }) => {
      const budget = { count: 0, cut: false }
      const entries = await inFolder(guard, path, (dir) => tree(dir, '', excluder(excludePatterns), budget))
      const result = text(JSON.stringify(entries, null, 2))
      return note(result, budget.cut && `(stopped after ${MAX_TREE_ENTRIES} entries; use excludePatterns or a deeper path)`)
    })
  )

  server.registerTool(
    'create_directory',
    {
      title: 'Create Directory',
      description:
        'Create a directory, with any missing parent directories. Succeeds quietly if it already exists. ' +
        'Only works within allowed directories.',
      inputSchema: { path: z.string().describe('The directory to create, absolute or relative to the first allowed directory') },
      annotations: creates
    },
    friendly(async ({ path }) => {
      const { real, requested } = await guard.resolve(path)
      await mkdir(real, { recursive: true })
      return text(`Successfully created directory ${requested}`)
    })
  )

  server.registerTool(
    'search_files',
    {
      title: 'Search Files',
      description:
        'Recursively search for files and directories whose path, relative to path, matches a glob pattern. ' +
        'Use "*.ext" for files directly in path and "**/*.ext" for every subdirectory too. Returns full paths. ' +
        `Symbolic links are not followed. At most ${MAX_MATCHES} matches. Only works within allowed directories.`,
      inputSchema: {
        path: pathArg,
        pattern: z.string().min(1).describe('A glob pattern, e.g. "**/*.ts" or "src/**/test*"'),
        excludePatterns: excludeArg
      },
      annotations: reads
    },
    friendly(async ({ path, pattern, excludePatterns }) => {
      const { real: start } = await folder(guard, path)
      const matches: string[] = []
      const budget = { visited: 0 }
      for await (const { relative, absolute } of walk(start, excluder(excludePatterns), budget)) {
        if (!minimatch(relative, pattern, { dot: true })) continue
        matches.push(absolute)
        if (matches.length >= MAX_MATCHES) break
      }
      matches.sort()
      const result = text(matches.length ? matches.join('\n') : 'No matches found')
      const cut =
        matches.length >= MAX_MATCHES
          ? `(stopped at ${MAX_MATCHES} matches; narrow the pattern)`
          : budget.visited > MAX_VISITED && `(stopped after looking at ${MAX_VISITED} entries; search a deeper path or use excludePatterns)`
      return note(result, cut)
    })
  )
}
