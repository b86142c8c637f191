import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChatMessage, ConversationSummary } from '@shared/chat/conversations'
import { removeStaleTemps, writeFileAtomic } from '../servers/atomicWrite'
import { setAside } from '../servers/setAside'
import { notFound } from './chatErrors'
import { conversationFileText, parseConversationFile, type StoredConversation } from './conversationFile'

const FILE = /^([\w-]{1,100})\.json$/
const TEMP = /^([\w-]{1,100})\.json\.\d+\.\d+\.tmp$/
const PREVIEW_CHARS = 120

type Summary = Omit<ConversationSummary, 'running'>

/** The last message's first line, for the list. */
export function previewOf(messages: readonly ChatMessage[]): string {
  const last = messages.at(-1)
  if (!last) return ''
  const text = last.role === 'user' ? last.text : last.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  const line = text.trim().split('\n')[0]?.trim() ?? ''
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line
}

const summaryOf = ({ conversation: c }: StoredConversation): Summary => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, preview: previewOf(c.messages) })

/**
 * Conversations on disk, one file each under `{userData}/chat/conversations/`: atomic 0600
 * writes, one at a time per conversation; a file that cannot be read is set aside, never lost,
 * and named in the notices. The summaries stay in memory so the list never reads every file.
 */
export class ConversationStore {
  readonly dir: string
  private readonly index = new Map<string, Summary>()
  private readonly problems: string[] = []
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, 'chat', 'conversations')
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`)
  }

  /** Reads every file once: the index, and the notices for those set aside. */
  async load(): Promise<void> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    const swept = new Set<string>()
    for (const name of names) {
      const temp = TEMP.exec(name)
      if (temp && !swept.has(temp[1])) {
        swept.add(temp[1])
        await removeStaleTemps(this.fileOf(temp[1]))
      }
      const id = FILE.exec(name)?.[1]
      if (!id) continue
      const stored = await this.readFile(id).catch(() => undefined)
      if (stored) this.index.set(id, summaryOf(stored))
    }
  }

  list(): Summary[] {
    return [...this.index.values()].sort((a, b) => b.updatedAt - a.updatedAt)
  }

  notices(): string[] {
    return [...this.problems]
  }

  has(id: string): boolean {
    return this.index.has(id)
  }

  /** The conversation as its last change left it: a read waits for the writes started before it. */
  read(id: string): Promise<StoredConversation> {
    if (!this.index.has(id)) return Promise.reject(notFound(id))
    return this.queue(id, () => this.readIndexed(id))
  }

  /** A new conversation's first write. */
  create(stored: StoredConversation): Promise<StoredConversation> {
    const id = stored.conversation.id
    return this.queue(id, async () => {
      await writeFileAtomic(this.fileOf(id), conversationFileText(stored))
      this.index.set(id, summaryOf(stored))
      return stored
    })
  }

  /** Read, change, write, one change at a time per conversation, so no change overwrites another. */
  modify(id: string, change: (stored: StoredConversation) => StoredConversation): Promise<StoredConversation> {
    return this.queue(id, async () => {
      const next = change(await this.readIndexed(id))
      await writeFileAtomic(this.fileOf(id), conversationFileText(next))
      this.index.set(id, summaryOf(next))
      return next
    })
  }

  remove(id: string): Promise<boolean> {
    return this.queue(id, async () => {
      if (!this.index.delete(id)) return false
      await rm(this.fileOf(id), { force: true })
      return true
    })
  }

  /** Waits for every write started so far. */
  async flush(): Promise<void> {
    await Promise.all([...this.queues.values()].map((p) => p.catch(() => undefined)))
  }

  private readIndexed(id: string): Promise<StoredConversation> {
    if (!this.index.has(id)) return Promise.reject(notFound(id))
    return this.readFile(id)
  }

  private async readFile(id: string): Promise<StoredConversation> {
    const file = this.fileOf(id)
    let raw: string
    try {
      raw = await readFile(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') {
        this.index.delete(id)
        throw notFound(id)
      }
      // not damage: the file stays where it is, and the list says it cannot be read
      this.note(`${file}: cannot be read (${code ?? 'error'}); check its permissions`)
      throw error
    }
    try {
      return parseConversationFile(raw)
    } catch (error) {
      const kept = await setAside(file, Date.now())
      this.index.delete(id)
      this.note(`${kept}: this conversation could not be read and was set aside (${error instanceof Error ? error.message : String(error)})`)
      throw notFound(id)
    }
  }

  private note(text: string): void {
    if (!this.problems.includes(text)) this.problems.push(text)
  }

  private queue<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(work)
    this.queues.set(id, next)
    void next.finally(() => {
      if (this.queues.get(id) === next) this.queues.delete(id)
    }).catch(() => undefined)
    return next
  }
}
