import { INSTALL_LINK_MAX_LENGTH, INSTALL_LINK_PROTOCOL } from '@shared/mcp/installLink'

/** links kept while no window takes them; an install link is a user's click, not a stream */
const MAX_WAITING = 20

/**
 * Install links the operating system handed the app (a click on `mcpstudio://install?…`), kept
 * until the window takes them: one may arrive before any window has loaded. Main never acts on
 * a link; the window shows it and the user decides.
 */
export class InstallLinkInbox {
  private waiting: string[] = []
  private listeners = new Set<() => void>()

  /** Keeps a link for the window and tells the listeners. Only this app's links are kept. */
  deliver(link: string): void {
    if (!isInstallLink(link)) return
    // an oversized link is kept cut just past the limit: the window still says it was too long
    this.waiting.push(link.slice(0, INSTALL_LINK_MAX_LENGTH + 1))
    if (this.waiting.length > MAX_WAITING) this.waiting.shift()
    for (const listener of this.listeners) listener()
  }

  /** The links waiting, oldest first; each is handed out once. */
  take(): string[] {
    const links = this.waiting
    this.waiting = []
    return links
  }

  /** Called when a link arrives; returns the undo. */
  onArrival(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
}

function isInstallLink(value: string): boolean {
  return value.toLowerCase().startsWith(`${INSTALL_LINK_PROTOCOL}:`)
}

/**
 * The install links among a process's arguments: on Windows and Linux a click on a link starts
 * the app (or a second instance of it) with the link as an argument.
 */
export function installLinksIn(argv: readonly string[]): string[] {
  return argv.filter(isInstallLink)
}
