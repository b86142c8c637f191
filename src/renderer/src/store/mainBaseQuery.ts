import type { BaseQueryFn } from '@reduxjs/toolkit/query/react'
import type { McpApi } from '@shared/ipc/api'
import { methodName, type IpcArgs, type IpcChannelName } from '@shared/ipc/contract'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import type { ListEditsInFlight } from './listEditsInFlight'

/** One call to main as an endpoint names it: the channel and its arguments. */
export interface MainCall {
  channel: IpcChannelName
  args?: unknown
}

/** `call('mcp:list-tools', {serverId})`: the arguments checked against the contract. */
export function call<C extends IpcChannelName>(channel: C, ...args: undefined extends IpcArgs<C> ? [IpcArgs<C>?] : [IpcArgs<C>]): MainCall {
  return { channel, args: args[0] }
}

/** What the store's thunks get as `extra`: the api this window reaches main with. */
export interface MainExtra {
  api: McpApi
  /** the list's optimistic edits on their way to main */
  listEdits: ListEditsInFlight
}

type Method = (args: unknown) => Promise<unknown>

/**
 * RTK Query's way to main: `window.api` (or a test's real api), never fetch. A refusal comes
 * back as main's `{message, code}`, which the renderer shows translated.
 */
export const mainBaseQuery: BaseQueryFn<MainCall, unknown, AppError> = async ({ channel, args }, { extra }) => {
  const { api } = extra as MainExtra
  const { namespace, method } = methodName(channel)
  const invoke = (api as unknown as Record<string, Record<string, Method>>)[namespace][method]
  try {
    return { data: await invoke(args) }
  } catch (error) {
    return { error: describeError(error) }
  }
}
