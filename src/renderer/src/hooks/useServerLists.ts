import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import type { McpTool } from '@shared/ipc/contract'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { useListPromptsQuery, useListResourcesQuery, useListResourceTemplatesQuery, useListToolsQuery } from '@renderer/store/mainApi'

export interface ServerList<T> {
  items: T[] | undefined
  loading: boolean
  /** the message main sent, shown with a retry */
  error: string | undefined
  reload: () => void
}

/** main's detail of a thrown error, or of a call's refusal through the api's cache */
export function errorMessage(error: unknown): string {
  return describeError(error).message
}

/** A list query as the editor's tabs show it. Main's events keep it current (see mainApi). */
function asList<T>({ data, isFetching, error, refetch }: { data?: T[]; isFetching: boolean; error?: unknown; refetch: () => unknown }): ServerList<T> {
  return { items: data, loading: isFetching, error: (error as AppError | undefined)?.message, reload: () => void refetch() }
}

export const useServerTools = (serverId: string): ServerList<McpTool> => asList(useListToolsQuery(serverId))
export const useServerPrompts = (serverId: string): ServerList<Prompt> => asList(useListPromptsQuery(serverId))
export const useServerResources = (serverId: string): ServerList<Resource> => asList(useListResourcesQuery(serverId))
export const useServerResourceTemplates = (serverId: string): ServerList<ResourceTemplate> => asList(useListResourceTemplatesQuery(serverId))
