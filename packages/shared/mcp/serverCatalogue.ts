import { BuiltinServerNames } from './builtin'
import { CATALOGUE_TEXT_EN, type CatalogueKey } from './catalogueText'
import { anyKindFields, type AnyKindFields, type McpServer, type McpServerInput, type OmitFromServer } from './server'

export type { CatalogueKey } from './catalogueText'

/** Which picture a card shows; the renderer maps each to an icon. */
export type CatalogueIcon = 'memory' | 'folder' | 'thinking' | 'globe' | 'brain' | 'note' | 'package'

/**
 * One server the app offers ready-made. A built-in runs inside MCP Studio (type inMemory) and needs
 * no approval; a preset is an ordinary server, approved like any other before it starts.
 */
export interface CatalogueEntry {
  key: CatalogueKey
  kind: 'builtin' | 'preset'
  icon: CatalogueIcon
  /** what the user gives before it is added: a folder goes into its args */
  needs: 'nothing' | 'folder'
  /** the saved server, less its id */
  server: OmitFromServer<McpServerInput, 'id' | 'isActive' | 'installSource'>
  /** for `cli servers --builtin`: the args and env it takes, in English */
  takes: { args?: string; env?: string }
}

const builtin = (key: CatalogueKey, name: string, icon: CatalogueIcon, takes: CatalogueEntry['takes'] = {}, needs: CatalogueEntry['needs'] = 'nothing'): CatalogueEntry => ({
  key,
  kind: 'builtin',
  icon,
  needs,
  server: { name, type: 'inMemory' },
  takes
})

/** Built-ins first, then presets: the order of the cards and of the CLI's listing. */
export const SERVER_CATALOGUE: readonly CatalogueEntry[] = [
  builtin('memory', BuiltinServerNames.memory, 'memory', {
    env: 'MEMORY_FILE_PATH: the graph file (default: {user data}/mcp/memory.json)'
  }),
  builtin('filesystem', BuiltinServerNames.filesystem, 'folder', { args: 'FOLDER [FOLDER…]: the folders it may use (its roots count too)' }, 'folder'),
  builtin('sequentialThinking', BuiltinServerNames.sequentialThinking, 'thinking'),
  builtin('fetch', BuiltinServerNames.fetch, 'globe', {
    env: 'FETCH_ALLOW_PRIVATE=1 to reach loopback and private addresses; FETCH_TIMEOUT_MS (default 30000), FETCH_MAX_BYTES (default 5 MB)'
  }),
  {
    key: 'nowledgeMem',
    kind: 'preset',
    icon: 'brain',
    needs: 'nothing',
    server: { name: 'nowledge-mem', type: 'streamableHttp', baseUrl: 'http://127.0.0.1:14242/mcp' },
    takes: {}
  },
  {
    key: 'flomo',
    kind: 'preset',
    icon: 'note',
    needs: 'nothing',
    server: { name: 'flomo', type: 'streamableHttp', baseUrl: 'https://flomoapp.com/mcp' },
    takes: {}
  },
  {
    key: 'mcpAutoInstall',
    kind: 'preset',
    icon: 'package',
    needs: 'nothing',
    server: { name: 'mcp-auto-install', type: 'stdio', command: 'npx', args: ['-y', '@mcpmarket/mcp-auto-install', 'connect', '--json'] },
    takes: {}
  }
]

export const builtinCatalogue = (): CatalogueEntry[] => SERVER_CATALOGUE.filter((entry) => entry.kind === 'builtin')

/** The catalogue entry of a built-in server (by its in-memory name); undefined for any other server. */
export function builtinEntryOf(server: Pick<McpServer, 'type' | 'name'>): CatalogueEntry | undefined {
  if (server.type !== 'inMemory') return undefined
  return SERVER_CATALOGUE.find((entry) => entry.kind === 'builtin' && entry.server.name === server.name)
}

/** An absolute path on any desktop: `/…`, `C:\…` or `C:/…`, or a `\\server\share` path. */
export function isAbsolutePath(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path)
}

/**
 * The server to save for an entry: `description` in the user's language, and for a folder entry
 * the folder as its one argument. Built-ins are added switched off and turned on by the caller.
 */
export function serverFromEntry(entry: CatalogueEntry, options: { id: string; description?: string; folder?: string }): McpServer {
  if (entry.needs === 'folder' && !options.folder) throw new Error(`${entry.server.name} needs a folder`)
  const args = options.folder ? [options.folder] : 'args' in entry.server && entry.server.args ? [...entry.server.args] : undefined
  return {
    ...entry.server,
    ...(args && { args }),
    id: options.id,
    ui: { description: options.description ?? CATALOGUE_TEXT_EN[entry.key].description },
    isActive: false,
    installSource: entry.kind === 'builtin' ? 'builtin' : 'preset'
  } as McpServer
}

type Target = Pick<AnyKindFields, 'name' | 'type' | 'baseUrl' | 'command' | 'args'>

/**
 * Is this entry already in the list? A built-in is an in-memory server of its name; a preset is a
 * server reaching the same URL or running the same command, whatever the user named it (and a
 * server that merely took a preset's name is not that preset).
 */
export function isInList(entry: CatalogueEntry, servers: Target[]): boolean {
  const want = anyKindFields(entry.server as McpServer)
  const sameArgs = (args: string[] | undefined) => (args ?? []).join('\0') === (want.args ?? []).join('\0')
  return servers.some((server) =>
    entry.kind === 'builtin'
      ? server.type === 'inMemory' && server.name === want.name
      : want.baseUrl
        ? server.baseUrl === want.baseUrl
        : server.command === want.command && sameArgs(server.args)
  )
}
