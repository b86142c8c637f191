import type { AssistantMessage } from '@shared/chat/conversations'
import type { ChatEventPayload } from '@shared/chat/events'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import { unwrapResponse } from '@shared/ipc/errors'
import type { McpServerInput } from '@shared/mcp/server'
import { createHost, type Host, type HostDeps } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { tempDir, waitFor } from '../services/helpers'

/**
 * Main as the windows use it for a chat test: a real host on its own user-data folder, its
 * in-memory servers added approved (those a host started again on the folder has are kept),
 * every event it sends recorded, and its channels called as a window calls them.
 */
export async function startChatHost(options: {
  hosts: Host[]
  servers: McpServerInput[]
  mcpOptions: NonNullable<HostDeps['mcpOptions']>
  userDataDir?: string
}) {
  const userDataDir = options.userDataDir ?? tempDir('mcp-chat-')
  const events: { event: string; payload: unknown }[] = []
  const platform = createNodePlatform({ userDataDir, onEvent: (event, payload) => events.push({ event, payload }) })
  const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500, ...options.mcpOptions } })
  options.hosts.push(host)
  const servers = options.servers.filter((s) => !host.registry.get(s.id))
  if (servers.length) await host.registry.add(servers, { approve: true })
  const api = async <C extends IpcChannelName>(channel: C, args?: IpcArgs<C>): Promise<IpcResult<C>> =>
    unwrapResponse(await host.router.invoke(channel, args, { via: 'direct' })) as IpcResult<C>
  const chatEvents = (messageId: string) =>
    events.filter((e) => e.event === 'chat:event').map((e) => e.payload as ChatEventPayload).filter((e) => e.messageId === messageId)
  /** the answer as its `done` event gave it, once the turn ended */
  const done = async (messageId: string): Promise<AssistantMessage> => {
    await waitFor(() => chatEvents(messageId).some((e) => e.event.type === 'done'), 15_000, 'the turn to end')
    return (chatEvents(messageId).at(-1)!.event as { message: AssistantMessage }).message
  }
  return { host, api, events, chatEvents, done, userDataDir }
}
