import { pathToFileURL } from 'node:url'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { describeProblem } from './allowedRoots'
import { MEDIA_LIMIT, TEXT_LIMIT, formatSize, readHead, readTail, readWholeText } from './fileIo'
import { mediaTypeOf } from './mediaTypes'
import type { PathGuard } from './pathGuard'
import { friendly, reads, text } from './toolKit'
import { openForReading } from './verifiedOpen'

const lineCount = (what: string) => z.number().int().positive().optional().describe(what)

async function readText(guard: PathGuard, path: string, head?: number, tail?: number): Promise<string> {
  if (head !== undefined && tail !== undefined) throw new Error('Give head or tail, not both.')
  const { real, requested } = await guard.resolve(path)
  const handle = await openForReading(real, requested, guard.allows)
  try {
    if (head !== undefined) return await readHead(handle, head)
    if (tail !== undefined) return await readTail(handle, tail)
    return await readWholeText(handle, requested)
  } finally {
    await handle.close()
  }
}

async function readMedia(guard: PathGuard, path: string): Promise<CallToolResult> {
  const { real, requested } = await guard.resolve(path)
  const handle = await openForReading(real, requested, guard.allows)
  let data: string
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new Error(`"${requested}" is not a file.`)
    if (info.size > MEDIA_LIMIT) throw new Error(`"${requested}" is ${formatSize(info.size)}, over the ${formatSize(MEDIA_LIMIT)} limit for media files.`)
    data = (await handle.readFile()).toString('base64')
  } finally {
    await handle.close()
  }
  const mimeType = mediaTypeOf(real)
  if (mimeType.startsWith('image/')) return { content: [{ type: 'image', data, mimeType }] }
  if (mimeType.startsWith('audio/')) return { content: [{ type: 'audio', data, mimeType }] }
  // neither image nor audio: the bytes as a resource, which a client can save or show
  return { content: [{ type: 'resource', resource: { uri: pathToFileURL(real).href, mimeType, blob: data } }] }
}

/** list_allowed_directories, read_text_file (and read_file), read_multiple_files, read_media_file, get_file_info. */
export function registerReadTools(server: McpServer, guard: PathGuard): void {
  server.registerTool(
    'list_allowed_directories',
    {
      title: 'List Allowed Directories',
      description:
        'Returns the list of directories this server is allowed to access. Every other tool works only inside these ' +
        'directories (and their subdirectories); use this first to learn where files can be read or written.',
      inputSchema: {},
      annotations: reads
    },
    async () => {
      await guard.roots.refresh()
      const usable = guard.roots.usable
      const broken = guard.roots.unusable.map(describeProblem)
      const lines = [usable.length ? `Allowed directories:\n${usable.join('\n')}` : 'No allowed directories can be used.']
      if (broken.length) lines.push(`Not usable:\n${broken.join('\n')}`)
      return text(lines.join('\n\n'))
    }
  )

  server.registerTool(
    'read_text_file',
    {
      title: 'Read Text File',
      description:
        'Read the complete contents of a text file as UTF-8. Use head to read only the first N lines, or tail for ' +
        `the last N lines (not both). Whole files are limited to ${formatSize(TEXT_LIMIT)}; for larger ones use head or tail. ` +
        'Only works within allowed directories.',
      inputSchema: {
        path: z.string().describe('The file, absolute or relative to the first allowed directory'),
        head: lineCount('If provided, returns only the first N lines of the file'),
        tail: lineCount('If provided, returns only the last N lines of the file')
      },
      annotations: reads
    },
    friendly(async ({ path, head, tail }) => text(await readText(guard, path, head, tail)))
  )

  // the reference server's older name, kept so prompts written for it still work
  server.registerTool(
    'read_file',
    {
      title: 'Read File (deprecated)',
      description: 'Read the complete contents of a file as text. DEPRECATED: use read_text_file instead.',
      inputSchema: { path: z.string(), head: lineCount('First N lines'), tail: lineCount('Last N lines') },
      annotations: reads
    },
    friendly(async ({ path, head, tail }) => text(await readText(guard, path, head, tail)))
  )

  server.registerTool(
    'read_multiple_files',
    {
      title: 'Read Multiple Files',
      description:
        'Read the contents of several text files at once. Each file is shown with its path; a file that cannot be ' +
        'read shows its error and does not stop the others. Only works within allowed directories.',
      inputSchema: { paths: z.array(z.string()).min(1).max(100).describe('The files to read') },
      annotations: reads
    },
    async ({ paths }) => {
      const parts = await Promise.all(
        paths.map((path) =>
          friendly(() => readText(guard, path))(undefined).then(
            (content) => `${path}:\n${content}\n`,
            (error: Error) => `${path}: Error - ${error.message}`
          )
        )
      )
      return text(parts.join('\n---\n'))
    }
  )

  server.registerTool(
    'read_media_file',
    {
      title: 'Read Media File',
      description:
        `Read an image or audio file (up to ${formatSize(MEDIA_LIMIT)}) and return it as image or audio content, base64 ` +
        'encoded with its MIME type (from the file extension). Other files come back as a binary resource. ' +
        'Only works within allowed directories.',
      inputSchema: { path: z.string().describe('The file, absolute or relative to the first allowed directory') },
      annotations: reads
    },
    friendly(async ({ path }) => readMedia(guard, path))
  )

  server.registerTool(
    'get_file_info',
    {
      title: 'Get File Info',
      description:
        'Retrieve metadata about a file or directory: size, creation, modification and access times, its type and ' +
        'permissions. Does not read the content. Only works within allowed directories.',
      inputSchema: { path: z.string().describe('The file or directory, absolute or relative to the first allowed directory') },
      annotations: reads
    },
    friendly(async ({ path }) => {
      const { real, requested } = await guard.resolve(path)
      const handle = await openForReading(real, requested, guard.allows)
      const info = await handle.stat().finally(() => handle.close())
      const fields = {
        path: real,
        size: info.size,
        created: info.birthtime.toISOString(),
        modified: info.mtime.toISOString(),
        accessed: info.atime.toISOString(),
        isDirectory: info.isDirectory(),
        isFile: info.isFile(),
        permissions: (info.mode & 0o777).toString(8)
      }
      return text(Object.entries(fields).map(([key, value]) => `${key}: ${value}`).join('\n'))
    })
  )
}
