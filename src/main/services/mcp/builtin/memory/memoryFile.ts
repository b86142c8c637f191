import { readFile, realpath } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../../../servers/atomicWrite'
import { EntitySchema, RelationSchema, emptyGraph, type KnowledgeGraph } from './graph'

/**
 * The graph on disk: one JSON record per line (`{"type":"entity",...}` / `{"type":"relation",...}`),
 * the reference server's format, so a file from it can be used here and the other way round.
 */
const RecordSchema = z.discriminatedUnion('type', [
  EntitySchema.extend({ type: z.literal('entity') }),
  RelationSchema.extend({ type: z.literal('relation') })
])

/** `{userData}/mcp/memory.json`, or MEMORY_FILE_PATH (a relative one is taken from `{userData}/mcp`). */
export function memoryFilePath(userDataDir: string, env: Record<string, string> | undefined): string {
  const dir = join(userDataDir, 'mcp')
  const custom = env?.MEMORY_FILE_PATH?.trim()
  if (!custom) return join(dir, 'memory.json')
  // config files are not read by a shell, so nothing else expands "~"
  const expanded = custom === '~' || custom.startsWith('~/') ? join(homedir(), custom.slice(1)) : custom
  return isAbsolute(expanded) ? expanded : resolve(dir, expanded)
}

/** A file we cannot understand: it is never written over, the user decides what to do with it. */
export class MemoryFileDamagedError extends Error {
  constructor(file: string, reason: string) {
    super(
      `The memory file ${file} cannot be read (${reason}). It was left exactly as it is and nothing was changed. ` +
        'Repair it (one JSON record per line) or move it away to start with an empty graph, ' +
        "or set MEMORY_FILE_PATH in this server's env to use another file."
    )
    this.name = 'MemoryFileDamagedError'
  }
}

export function parseGraph(file: string, text: string): KnowledgeGraph {
  const graph = emptyGraph()
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim()
    if (!line) continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new MemoryFileDamagedError(file, `line ${i + 1} is not valid JSON`)
    }
    const parsed = RecordSchema.safeParse(value)
    // a record we do not know would be dropped by the next write, so it counts as damage too
    if (!parsed.success) throw new MemoryFileDamagedError(file, `line ${i + 1} is not an entity or a relation`)
    const { type, ...record } = parsed.data
    if (type === 'entity') graph.entities.push(record as z.infer<typeof EntitySchema>)
    else graph.relations.push(record as z.infer<typeof RelationSchema>)
  }
  return graph
}

export async function loadGraph(file: string): Promise<KnowledgeGraph> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return emptyGraph()
    throw new Error(`The memory file ${file} cannot be read: ${(error as Error).message}`, { cause: error })
  }
  return parseGraph(file, text)
}

export function serializeGraph(graph: KnowledgeGraph): string {
  const lines = [
    ...graph.entities.map((e) => JSON.stringify({ type: 'entity', name: e.name, entityType: e.entityType, observations: e.observations })),
    ...graph.relations.map((r) => JSON.stringify({ type: 'relation', from: r.from, to: r.to, relationType: r.relationType }))
  ]
  return lines.length ? `${lines.join('\n')}\n` : ''
}

/** Atomic (temp file, fsync, rename); through a symlink the target is replaced, not the link. */
export async function saveGraph(file: string, graph: KnowledgeGraph): Promise<void> {
  const target = await realpath(file).catch(() => file)
  await writeFileAtomic(target, serializeGraph(graph))
}
