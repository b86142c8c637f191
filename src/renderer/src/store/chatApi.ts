import type { ChatAttachment, ChatAttachmentRef, ChatContextServer, ChatImage, ChatPromptText } from '@shared/chat/composerContext'
import type { ChatToolChoice, Conversation, ConversationsSnapshot } from '@shared/chat/conversations'
import type { ApprovalDecision, ChatApprovalRequest } from '@shared/chat/events'
import type { ModelRef } from '@shared/chat/providers'
import type { IpcResult } from '@shared/ipc/contract'
import { applyChatEvent, RecentChatEvents, replayChatEvents } from './chatEvents'
import { followEvent, refetchOn } from './followMain'
import { call } from './mainBaseQuery'
import { mainApi } from './mainApi'

export type ChatToolsList = IpcResult<'chat:list-tools'>

// one memory of recent turn events per store (a window), found by the store's `extra`
const recentByStore = new WeakMap<object, RecentChatEvents>()
const recentOf = (extra: unknown): RecentChatEvents => {
  let recent = recentByStore.get(extra as object)
  if (!recent) recentByStore.set(extra as object, (recent = new RecentChatEvents()))
  return recent
}

/**
 * The chat as main runs it. The conversation list is asked again on `chat:conversations-changed`;
 * an open conversation follows `chat:event` (each event once, by its `seq`), and an answer that
 * raced some events gets them again; approvals waiting for the user follow their two events.
 */
export const chatApi = mainApi.enhanceEndpoints({ addTagTypes: ['Conversations', 'Conversation', 'ChatTools', 'ChatContext', 'Approvals'] }).injectEndpoints({
  endpoints: (build) => ({
    listConversations: build.query<ConversationsSnapshot, void>({
      query: () => call('chat:list-conversations'),
      providesTags: ['Conversations'],
      async onCacheEntryAdded(_arg, life): Promise<void> {
        await refetchOn(life, 'chat:conversations-changed', () => true, () => life.dispatch(chatApi.util.invalidateTags(['Conversations'])))
      }
    }),
    getConversation: build.query<Conversation, string>({
      query: (conversationId) => call('chat:get-conversation', { conversationId }),
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
      async onQueryStarted(conversationId, { queryFulfilled, updateCachedData, extra }): Promise<void> {
        try {
          await queryFulfilled
        } catch {
          return
        }
        const recent = recentOf(extra)
        const missed = recent.of(conversationId)
        if (!missed.length) return
        updateCachedData((draft) => {
          replayChatEvents(draft, missed)
          // a stored message needs no replay any more
          const running = new Set(draft.messages.filter((m) => m.role === 'assistant' && m.running).map((m) => m.id))
          recent.keepOnly(conversationId, (id) => running.has(id))
        })
      },
      async onCacheEntryAdded(conversationId, life): Promise<void> {
        const recent = recentOf(life.extra)
        await followEvent(life, 'chat:event', (payload) => {
          if (payload.conversationId !== conversationId) return
          recent.add(payload)
          let added = false
          life.updateCachedData((draft) => {
            const before = draft.messages.length
            applyChatEvent(draft, payload)
            added = draft.messages.length > before
          })
          // a turn begun elsewhere (another window, or before this one loaded): read the question it answers
          if (added) life.dispatch(chatApi.util.invalidateTags([{ type: 'Conversation', id: conversationId }]))
        })
        recent.forget(conversationId)
      }
    }),
    createConversation: build.mutation<Conversation, { model?: ModelRef; tools?: ChatToolChoice } | void>({
      query: (args) => call('chat:create-conversation', args ?? undefined),
      invalidatesTags: ['Conversations']
    }),
    updateConversation: build.mutation<Conversation, { conversationId: string; title?: string; model?: ModelRef; tools?: ChatToolChoice }>({
      query: (args) => call('chat:update-conversation', args),
      async onQueryStarted({ conversationId, ...changes }, { dispatch, queryFulfilled }): Promise<void> {
        // shown at once (a rename, a model, a tool switch); undone if main refuses
        const patch = dispatch(chatApi.util.updateQueryData('getConversation', conversationId, (draft) => Object.assign(draft, changes)))
        try {
          await queryFulfilled
        } catch {
          patch.undo()
        }
      },
      invalidatesTags: (_result, _error, { conversationId }) => ['Conversations', { type: 'ChatTools', id: conversationId }, { type: 'ChatContext', id: conversationId }]
    }),
    deleteConversation: build.mutation<void, string>({
      query: (conversationId) => call('chat:delete-conversation', { conversationId }),
      invalidatesTags: ['Conversations']
    }),
    /** the turn begins in main; the conversation is read again for the user's message, events follow */
    sendMessage: build.mutation<{ messageId: string }, { conversationId: string; text: string; attachments?: ChatAttachmentRef[]; images?: ChatImage[] }>({
      query: (args) => call('chat:send', args),
      invalidatesTags: (_result, _error, { conversationId }) => [{ type: 'Conversation', id: conversationId }]
    }),
    retryTurn: build.mutation<{ messageId: string }, string>({
      query: (conversationId) => call('chat:retry', { conversationId }),
      async onQueryStarted(conversationId, { dispatch, queryFulfilled }): Promise<void> {
        // what came after the last question goes at once, as main drops it too
        const patch = dispatch(
          chatApi.util.updateQueryData('getConversation', conversationId, (draft) => {
            draft.messages.splice(draft.messages.findLastIndex((m) => m.role === 'user') + 1)
          })
        )
        try {
          await queryFulfilled
        } catch {
          patch.undo()
        }
      },
      invalidatesTags: (_result, _error, conversationId) => [{ type: 'Conversation', id: conversationId }]
    }),
    stopTurn: build.mutation<boolean, string>({
      query: (conversationId) => call('chat:stop', { conversationId })
    }),
    listChatTools: build.query<ChatToolsList, string>({
      query: (conversationId) => call('chat:list-tools', { conversationId }),
      providesTags: (_result, _error, id) => [{ type: 'ChatTools', id }],
      async onCacheEntryAdded(conversationId, life): Promise<void> {
        const again = () => life.dispatch(chatApi.util.invalidateTags([{ type: 'ChatTools', id: conversationId }]))
        // servers switched on or off, connected, or their tools changed
        await Promise.all([
          refetchOn(life, 'servers:changed', () => true, again),
          refetchOn(life, 'mcp:list-changed', (e) => e.list === 'tools', again),
          refetchOn(life, 'mcp:server-status', (e) => e.state.status === 'connected', again)
        ])
      }
    }),
    /** what the composer's `/` and `@` menus offer: the prompts, resources and templates of the chat's servers */
    listChatContext: build.query<ChatContextServer[], string>({
      query: (conversationId) => call('chat:list-context', { conversationId }),
      providesTags: (_result, _error, id) => [{ type: 'ChatContext', id }],
      async onCacheEntryAdded(conversationId, life): Promise<void> {
        const again = () => life.dispatch(chatApi.util.invalidateTags([{ type: 'ChatContext', id: conversationId }]))
        await Promise.all([
          refetchOn(life, 'servers:changed', () => true, again),
          refetchOn(life, 'mcp:list-changed', (e) => e.list !== 'tools', again),
          refetchOn(life, 'mcp:server-status', (e) => e.state.status === 'connected', again)
        ])
      }
    }),
    attachResource: build.mutation<ChatAttachment, { conversationId: string } & ChatAttachmentRef>({
      query: (args) => call('chat:attach-resource', args)
    }),
    getChatPrompt: build.mutation<ChatPromptText, { conversationId: string; serverId: string; name: string; args: Record<string, string> }>({
      query: (args) => call('chat:get-prompt', args)
    }),
    pendingApprovals: build.query<ChatApprovalRequest[], void>({
      query: () => call('chat:pending-approvals'),
      providesTags: ['Approvals'],
      async onCacheEntryAdded(_arg, life): Promise<void> {
        await Promise.all([
          followEvent(life, 'chat:approval-request', (request) =>
            life.updateCachedData((draft) => {
              if (!draft.some((r) => r.requestId === request.requestId)) draft.push(request)
            })
          ),
          followEvent(life, 'chat:approval-done', ({ requestId }) =>
            life.updateCachedData((draft) => draft.filter((r) => r.requestId !== requestId))
          )
        ])
      }
    }),
    respondApproval: build.mutation<boolean, { requestId: string; decision: ApprovalDecision }>({
      query: (args) => call('chat:respond-approval', args),
      async onQueryStarted({ requestId }, { dispatch, queryFulfilled }): Promise<void> {
        // the dialog moves on at once; main's approval-done confirms it
        const patch = dispatch(chatApi.util.updateQueryData('pendingApprovals', undefined, (draft) => draft.filter((r) => r.requestId !== requestId)))
        try {
          await queryFulfilled
        } catch {
          patch.undo()
        }
      }
    })
  })
})

export const {
  useListConversationsQuery,
  useGetConversationQuery,
  useCreateConversationMutation,
  useUpdateConversationMutation,
  useDeleteConversationMutation,
  useSendMessageMutation,
  useRetryTurnMutation,
  useStopTurnMutation,
  useListChatToolsQuery,
  useListChatContextQuery,
  useAttachResourceMutation,
  useGetChatPromptMutation,
  usePendingApprovalsQuery,
  useRespondApprovalMutation
} = chatApi
