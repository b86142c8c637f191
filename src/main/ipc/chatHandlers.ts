import type { IpcContract } from '@shared/ipc/contract'
import type { ChatService } from '../services/chat/ChatService'
import type { IpcHandler } from './IpcRouter'

type ConversationChannel =
  | 'chat:list-conversations'
  | 'chat:get-conversation'
  | 'chat:create-conversation'
  | 'chat:update-conversation'
  | 'chat:delete-conversation'
  | 'chat:send'
  | 'chat:retry'
  | 'chat:stop'
  | 'chat:list-tools'
  | 'chat:respond-approval'
  | 'chat:pending-approvals'
  | 'chat:list-context'
  | 'chat:attach-resource'
  | 'chat:get-prompt'

/** The conversations' channels (the providers' are another file's): each one call on main's chat service. */
export function chatHandlers(chat: ChatService): { [C in ConversationChannel]: IpcHandler<IpcContract[C]> } {
  return {
    'chat:list-conversations': () => chat.list(),
    'chat:get-conversation': ({ conversationId }) => chat.get(conversationId),
    'chat:create-conversation': (options) => chat.create(options ?? {}),
    'chat:update-conversation': (changes) => chat.update(changes),
    'chat:delete-conversation': ({ conversationId }) => chat.delete(conversationId),
    'chat:send': ({ conversationId, text, attachments, images }) => chat.send(conversationId, text, attachments, images),
    'chat:retry': ({ conversationId }) => chat.retry(conversationId),
    'chat:stop': ({ conversationId }) => chat.stop(conversationId),
    'chat:list-tools': ({ conversationId }) => chat.listTools(conversationId),
    'chat:respond-approval': ({ requestId, decision }) => chat.respondApproval(requestId, decision),
    'chat:pending-approvals': () => chat.pendingApprovals(),
    'chat:list-context': ({ conversationId }) => chat.listContext(conversationId),
    'chat:attach-resource': ({ conversationId, serverId, uri }) => chat.attachResource(conversationId, { serverId, uri }),
    'chat:get-prompt': ({ conversationId, serverId, name, args }) => chat.getPrompt(conversationId, serverId, name, args)
  }
}
