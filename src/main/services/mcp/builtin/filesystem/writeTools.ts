import { rename, stat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { lockFor } from '../memory/fileLocks'
import { readWholeText, writeFileAtomically } from './fileIo'
import type { PathGuard } from './pathGuard'
import { applyEdits, diffBlock } from './textEdits'
import { creates, friendly, overwrites, text } from './toolKit'
import { holdFolder, openForReading } from './verifiedOpen'

const fileArg = z.string().describe('The file, absolute or relative to the first allowed directory')

/** A new file's folder must be there: a typo should not quietly create a tree of folders. */
async function requireFolderOf(real: string, requested: string): Promise<void> {
  const parent = await stat(dirname(real)).catch(() => undefined)
  if (!parent?.isDirectory()) throw new Error(`The folder of "${requested}" does not exist; create it with create_directory first.`)
}

/** write_file, edit_file, move_file. */
export function registerWriteTools(server: McpServer, guard: PathGuard): void {
  server.registerTool(
    'write_file',
    {
      title: 'Write File',
      description:
        'Create a new file or completely overwrite an existing file with new content (UTF-8). The write is atomic: ' +
        'readers see the old or the new file, never half of one. Use with caution: it overwrites without warning. ' +
        'Only works within allowed directories.',
      inputSchema: { path: fileArg, content: z.string().describe('The complete new content of the file') },
      annotations: overwrites
    },
    friendly(async ({ path, content }) => {
      const { real, requested } = await guard.resolve(path)
      await requireFolderOf(real, requested)
      await lockFor(real).runExclusive(() => writeFileAtomically(real, content, requested, guard.allows))
      return text(`Successfully wrote to ${requested}`)
    })
  )

  server.registerTool(
    'edit_file',
    {
      title: 'Edit File',
      description:
        'Make exact-text edits to a text file: each oldText is replaced by its newText, in order. Each oldText must ' +
        'match exactly once (whitespace and indentation included); otherwise nothing is changed. Returns a unified ' +
        'diff of the changes. With dryRun the diff is returned and nothing is written. Only works within allowed directories.',
      inputSchema: {
        path: fileArg,
        edits: z
          .array(
            z.object({
              oldText: z.string().describe('Text to search for - must match exactly'),
              newText: z.string().describe('Text to replace with')
            })
          )
          .min(1)
          .describe('The edits, applied in order'),
        dryRun: z.boolean().default(false).describe('Preview changes using git-style diff format')
      },
      annotations: overwrites
    },
    friendly(async ({ path, edits, dryRun }) => {
      const { real, requested } = await guard.resolve(path)
      // read, change and write under one lock: two edits at once must not lose one of them
      const diff = await lockFor(real).runExclusive(async () => {
        const handle = await openForReading(real, requested, guard.allows)
        const before = await readWholeText(handle, requested).finally(() => handle.close())
        const after = applyEdits(before, edits)
        if (!dryRun) await writeFileAtomically(real, after, requested, guard.allows)
        return diffBlock(requested, before, after)
      })
      return text(dryRun ? `Dry run: nothing was written. The changes would be:\n\n${diff}` : diff)
    })
  )

  server.registerTool(
    'move_file',
    {
      title: 'Move File',
      description:
        'Move or rename a file or directory. Fails if the destination already exists. Both source and destination ' +
        'must be within allowed directories.',
      inputSchema: {
        source: z.string().describe('What to move, absolute or relative to the first allowed directory'),
        destination: z.string().describe('Its new path (not an existing one)')
      },
      annotations: creates
    },
    friendly(async ({ source, destination }) => {
      const from = await guard.resolve(source)
      if (!from.exists) throw new Error(`"${source}" does not exist.`)
      if (guard.isRoot(from.real)) throw new Error(`"${source}" is an allowed directory itself and cannot be moved.`)
      // the entry itself moves (a link stays a link), so its folder must be allowed too
      const fromFolder = await guard.resolve(dirname(from.absolute))
      const to = await guard.resolve(destination)
      if (to.exists) throw new Error(`"${destination}" already exists; move_file does not overwrite. Choose another destination.`)
      await requireFolderOf(to.real, destination)
      // both folders held open and checked: a swap of either after the guard looked moves nothing elsewhere
      const fromHeld = await holdFolder(fromFolder.real, source, guard.allows)
      try {
        const toHeld = await holdFolder(dirname(to.real), destination, guard.allows)
        try {
          await rename(fromHeld.entry(basename(from.absolute)), toHeld.entry(basename(to.real)))
        } finally {
          await toHeld.close()
        }
      } finally {
        await fromHeld.close()
      }
      return text(`Successfully moved ${source} to ${destination}`)
    })
  )
}
