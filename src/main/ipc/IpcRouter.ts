import type { z } from 'zod'
import { ipcArgs, type IpcParsedArgs, type IpcResults } from '@shared/ipc/contract'
import type { IpcChannelName } from '@shared/ipc/IpcChannel'
import { IpcErrorCode, type IpcResponse } from '@shared/ipc/errors'
import { serializeError } from './serializeError'

export interface IpcContext {
  /** which adapter delivered the call; handlers rarely care */
  via: 'electron' | 'browser' | 'direct'
}

export type IpcHandler<C extends IpcChannelName> = (
  args: IpcParsedArgs<C>,
  context: IpcContext
) => IpcResults[C] | Promise<IpcResults[C]>

export class IpcError extends Error {
  constructor(
    message: string,
    readonly code: string
  ) {
    super(message)
    this.name = 'IpcError'
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ')
}

/**
 * The one place IPC calls are checked and run, whichever adapter (Electron, WebSocket) carried
 * them: arguments validated by the contract, errors turned into redacted plain data.
 */
export class IpcRouter {
  private readonly handlers = new Map<string, IpcHandler<IpcChannelName>>()

  handle<C extends IpcChannelName>(channel: C, handler: IpcHandler<C>): void {
    if (!(channel in ipcArgs)) throw new Error(`Channel ${channel} is not in the IPC contract`)
    if (this.handlers.has(channel)) throw new Error(`Channel ${channel} already has a handler`)
    this.handlers.set(channel, handler as unknown as IpcHandler<IpcChannelName>)
  }

  channels(): string[] {
    return [...this.handlers.keys()]
  }

  async invoke(channel: string, rawArgs: unknown, context: IpcContext): Promise<IpcResponse> {
    const handler = this.handlers.get(channel)
    const schema = (ipcArgs as Record<string, z.ZodType>)[channel]
    if (!handler || !schema) {
      return {
        ok: false,
        error: {
          name: 'IpcError',
          code: IpcErrorCode.UnknownChannel,
          message: `Unknown IPC channel "${String(channel).slice(0, 80)}"`
        }
      }
    }
    const parsed = schema.safeParse(rawArgs)
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          name: 'IpcError',
          code: IpcErrorCode.InvalidArguments,
          message: `Invalid arguments for ${channel}: ${describeIssues(parsed.error)}`
        }
      }
    }
    try {
      const result = await handler(parsed.data as never, context)
      return { ok: true, result }
    } catch (error) {
      return { ok: false, error: serializeError(error) }
    }
  }
}
