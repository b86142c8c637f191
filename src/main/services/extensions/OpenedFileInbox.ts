import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { OpenedExtensionFile } from '@shared/mcp/extensions'

/** files kept for the window; a double-click is a user's act, not a stream */
const MAX_WAITING = 20

/**
 * Extension files the operating system opened the app with (a double-click on a .mcpb/.dxt), kept
 * until the window takes them: one may arrive before any window has loaded, even before the app
 * is ready (macOS `open-file`). The window gets an id and a name, never the path; it asks main
 * to stage the file by that id, and the user reviews it in the install dialog. Nothing here
 * installs: only the dialog's Install does.
 */
export class OpenedFileInbox {
  private waiting: OpenedExtensionFile[] = []
  /** by id, the newest MAX_WAITING: an id stays valid after staging, so a window that stages again (a re-mount) still can */
  private paths = new Map<string, string>()
  private listeners = new Set<() => void>()

  /** Keeps a file (an absolute path already checked by `openedFiles.ts`) and tells the listeners. */
  deliver(path: string): void {
    const openedId = randomUUID()
    this.paths.set(openedId, path)
    this.waiting.push({ openedId, fileName: basename(path) })
    if (this.waiting.length > MAX_WAITING) this.forget(this.waiting.shift()!.openedId)
    // ids handed out are kept only for the newest files: the map never grows
    while (this.paths.size > MAX_WAITING) this.forget(this.paths.keys().next().value!)
    for (const listener of this.listeners) listener()
  }

  /** The files waiting, oldest first; each is handed out once. */
  take(): OpenedExtensionFile[] {
    const files = this.waiting
    this.waiting = []
    return files
  }

  /** The path of a file handed out by `take`; undefined for an id this inbox never gave or has dropped. */
  pathOf(openedId: string): string | undefined {
    return this.paths.get(openedId)
  }

  /** Called when a file arrives; returns the undo. */
  onArrival(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  private forget(openedId: string): void {
    this.paths.delete(openedId)
    this.waiting = this.waiting.filter((file) => file.openedId !== openedId)
  }
}
