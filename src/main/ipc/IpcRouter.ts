import type { z } from 'zod'
import { ipcContract, type ChannelTable, type IpcContract, type ParsedArgsOf, type ResultOf } from '@shared/ipc/contract'
import { IpcErrorCode, type IpcResponse } from '@shared/ipc/errors'
import { serializeError } from './serializeError'

export interface IpcContext {
  /** which adapter delivered the call; handlers rarely care */
  via: 'electron' | 'browser' | 'direct'
}

export type IpcHandler<D> = (args: ParsedArgsOf<D>, context: IpcContext) => ResultOf<D> | Promise<ResultOf<D>>

/** One handler per channel of a table; a missing one is a type error where the map is built. */
export type IpcHandlers<T extends ChannelTable = IpcContract> = { [C in keyof T]: IpcHandler<T[C]> }

/** The handlers of one namespace (`mcp`, `servers` …), for the file that provides them. */
export type NamespaceHandlers<NS extends string, T extends ChannelTable = IpcContract> = {
  [C in keyof T & string as C extends `${NS}:${string}` ? C : never]: IpcHandler<T[C]>
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ')
}

function failure(code: string, message: string): IpcResponse {
  return { ok: false, error: { name: 'IpcError', code, message } }
}

/**
 * The one place IPC calls are checked and run, whichever adapter (Electron, WebSocket) carried
 * them: arguments validated by the channel table, errors turned into redacted plain data.
 */
export class IpcRouter<T extends ChannelTable = IpcContract> {
  private readonly handlers = new Map<string, IpcHandler<T[keyof T]>>()

  /**
   * `knownSecrets` are values only the host knows are secret (those `${env:NAME}` brought in):
   * scrubbed out of every error on top of the pattern-based redaction all errors get.
   */
  constructor(
    private readonly table: T = ipcContract as unknown as T,
    private readonly knownSecrets: () => readonly string[] = () => []
  ) {}

  handle<C extends keyof T & string>(channel: C, handler: IpcHandler<T[C]>): void {
    if (!Object.hasOwn(this.table, channel)) throw new Error(`Channel ${channel} is not in the IPC contract`)
    if (this.handlers.has(channel)) throw new Error(`Channel ${channel} already has a handler`)
    this.handlers.set(channel, handler as unknown as IpcHandler<T[keyof T]>)
  }

  /** Every handler of a (partial) map at once. */
  handleAll(handlers: Partial<IpcHandlers<T>>): void {
    for (const [channel, handler] of Object.entries(handlers)) this.handle(channel as keyof T & string, handler as IpcHandler<T[keyof T & string]>)
  }

  channels(): string[] {
    return [...this.handlers.keys()]
  }

  async invoke(channel: string, rawArgs: unknown, context: IpcContext): Promise<IpcResponse> {
    const handler = this.handlers.get(channel)
    if (!handler || !Object.hasOwn(this.table, channel)) return failure(IpcErrorCode.UnknownChannel, `Unknown IPC channel "${String(channel).slice(0, 80)}"`)
    const parsed = this.table[channel].args.safeParse(rawArgs)
    if (!parsed.success) return failure(IpcErrorCode.InvalidArguments, `Invalid arguments for ${channel}: ${describeIssues(parsed.error)}`)
    try {
      return { ok: true, result: await handler(parsed.data as never, context) }
    } catch (error) {
      return { ok: false, error: serializeError(error, this.knownSecrets()) }
    }
  }
}
