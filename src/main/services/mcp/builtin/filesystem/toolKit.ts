import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** Annotations of the three kinds of tool here; nothing reaches outside the machine. */
export const reads = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
export const creates = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }
export const overwrites = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }

export const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })

/** What an errno means, in words; the path is the real one the guard allowed. */
const MESSAGES: Record<string, string> = {
  ENOENT: 'does not exist',
  EACCES: 'cannot be accessed (permission denied)',
  EPERM: 'cannot be changed (operation not permitted)',
  ENOTDIR: 'is not a folder (or a part of the path is a file)',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'already exists',
  ENOTEMPTY: 'is a folder that is not empty',
  ELOOP: 'has too many levels of symbolic links',
  ENAMETOOLONG: 'is too long a name',
  ENOSPC: 'cannot be written: the disk is full',
  EROFS: 'is on a read-only file system',
  EXDEV: 'is on another disk; moving across disks is not supported',
  EBUSY: 'is busy'
}

/**
 * A tool handler whose file-system errors are told in words ("… does not exist") instead of
 * errno strings; the SDK turns the thrown error into an `isError` result.
 */
export function friendly<A, R>(handler: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await handler(args)
    } catch (error) {
      const errno = error as NodeJS.ErrnoException
      const words = errno.code ? MESSAGES[errno.code] : undefined
      // a name under a held folder's descriptor says nothing to the reader: its last part does
      const path = errno.path?.startsWith('/proc/self/fd/') ? errno.path.split('/').slice(5).join('/') : errno.path
      if (words && path) throw new Error(`"${path}" ${words}`, { cause: error })
      throw error
    }
  }
}
