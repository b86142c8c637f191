import { createHash } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../../servers/atomicWrite'
import { setAside } from '../../servers/setAside'

const Loose = z.record(z.string(), z.unknown())
const TokensSchema = z.looseObject({ access_token: z.string(), token_type: z.string() })

/** What one server's sign-in keeps: the client, the tokens, the PKCE verifier, the discovery. */
export const OAuthRecordSchema = z.object({
  serverUrl: z.string(),
  clientInformation: z.looseObject({ client_id: z.string() }).optional(),
  tokens: TokensSchema.optional(),
  /** when the tokens were saved (expires_in counts from here) */
  tokensSavedAt: z.number().optional(),
  codeVerifier: z.string().optional(),
  discovery: Loose.optional(),
  lastUpdated: z.number()
})
export type OAuthRecord = z.infer<typeof OAuthRecordSchema>

const SealedSchema = z.object({ $enc: z.string() })

export interface OAuthStoreOptions {
  /** `{userData}/mcp/oauth` */
  dir: string
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  onProblem?: (message: string) => void
  now?: () => number
}

/**
 * One file per server URL and client (`{sha256}_oauth.json`): the authorization server
 * that issued them is inside (the SDK stamps client and tokens with its issuer). Encrypted as a
 * whole where the platform can (safeStorage), a 0600 file written atomically either way. A file
 * that does not read or parse is set aside (`.corrupt-<time>`) and the sign-in starts over:
 * never fatal. Writes to one file are serialized within the process.
 */
export class OAuthStore {
  private readonly cache = new Map<string, OAuthRecord>()
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(private readonly options: OAuthStoreOptions) {}

  fileOf(serverUrl: string, clientId?: string): string {
    const hash = createHash('sha256').update(`${serverUrl}\n${clientId ?? ''}`).digest('hex').slice(0, 32)
    return join(this.options.dir, `${hash}_oauth.json`)
  }

  async read(file: string, serverUrl: string): Promise<OAuthRecord> {
    const cached = this.cache.get(file)
    if (cached) return cached
    const record = (await this.load(file)) ?? { serverUrl, lastUpdated: this.now() }
    this.cache.set(file, record)
    return record
  }

  /** Applies `change` to the stored record and writes it; one change at a time per file. */
  update(file: string, serverUrl: string, change: (record: OAuthRecord) => Omit<OAuthRecord, 'lastUpdated'>): Promise<void> {
    return this.serial(file, async () => {
      const next = { ...change(await this.read(file, serverUrl)), lastUpdated: this.now() }
      this.cache.set(file, next)
      const text = JSON.stringify(next)
      await writeFileAtomic(file, this.options.encrypt ? JSON.stringify({ $enc: this.options.encrypt(text) }) : text)
    })
  }

  remove(file: string): Promise<void> {
    return this.serial(file, async () => {
      this.cache.delete(file)
      await rm(file, { force: true })
    })
  }

  private async load(file: string): Promise<OAuthRecord | undefined> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.options.onProblem?.(`could not read ${file}: ${(error as Error).message}`)
      return undefined
    }
    try {
      let data: unknown = JSON.parse(text)
      const sealed = SealedSchema.safeParse(data)
      if (sealed.success) {
        if (!this.options.decrypt) throw new Error('it is encrypted and this platform cannot decrypt')
        data = JSON.parse(this.options.decrypt(sealed.data.$enc))
      }
      return OAuthRecordSchema.parse(data)
    } catch (error) {
      const kept = await setAside(file, this.now()).catch(() => undefined)
      this.options.onProblem?.(`the stored sign-in ${file} was damaged (${(error as Error).message.split('\n')[0]}); ${kept ? `kept as ${kept}; ` : ''}sign in again`)
      return undefined
    }
  }

  private serial<T>(file: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(file) ?? Promise.resolve()
    const next = before.then(work, work)
    const settled = next.then(
      () => undefined,
      () => undefined
    )
    this.queues.set(file, settled)
    void settled.then(() => {
      if (this.queues.get(file) === settled) this.queues.delete(file)
    })
    return next
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }
}
