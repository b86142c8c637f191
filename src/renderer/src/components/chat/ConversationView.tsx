import { Alert, App, Button, Flex, Spin, Typography } from 'antd'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatAttachmentRef, ChatImage } from '@shared/chat/composerContext'
import type { ChatToolChoice } from '@shared/chat/conversations'
import type { ModelRef, ProvidersSnapshot } from '@shared/chat/providers'
import { errorLine, type AppError } from '@renderer/components/errors/describeError'
import {
  useGetConversationQuery,
  useRetryTurnMutation,
  useSendMessageMutation,
  useStopTurnMutation,
  useUpdateConversationMutation
} from '@renderer/store/chatApi'
import { Composer } from './Composer'
import { MessageList } from './MessageList'
import { ModelPicker } from './ModelPicker'
import { ToolPicker } from './ToolPicker'
import { useConversationTitle } from './useConversationTitle'

/**
 * One conversation: its model and tools above, the messages, the composer below. A streamed delta
 * renders this again; the pickers, the composer and the unchanged rows are memoized and skip it.
 */
export function ConversationView({ conversationId, providers }: { conversationId: string; providers: ProvidersSnapshot }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data: conversation, error, refetch } = useGetConversationQuery(conversationId)
  const [send] = useSendMessageMutation()
  const [retry] = useRetryTurnMutation()
  const [stop] = useStopTurnMutation()
  const [update] = useUpdateConversationMutation()
  const title = useConversationTitle(conversation?.title ?? '')

  const failed = useCallback((e: unknown) => void message.error(t('chat.actionFailed', { message: errorLine(t, e as AppError) })), [message, t])
  // stable, so the memoized message rows do not render again for them
  const onStop = useCallback(() => void stop(conversationId).unwrap().catch(failed), [stop, conversationId, failed])
  const onRetry = useCallback(() => void retry(conversationId).unwrap().catch(failed), [retry, conversationId, failed])
  const onSend = useCallback(
    async (text: string, { attachments, images }: { attachments: ChatAttachmentRef[]; images: ChatImage[] }) => {
      try {
        await send({ conversationId, text, ...(attachments.length ? { attachments } : {}), ...(images.length ? { images } : {}) }).unwrap()
        return true
      } catch (e) {
        failed(e)
        return false
      }
    },
    [send, conversationId, failed]
  )
  const setModel = useCallback((model: ModelRef) => void update({ conversationId, model }).unwrap().catch(failed), [update, conversationId, failed])
  const setTools = useCallback((tools: ChatToolChoice) => void update({ conversationId, tools }).unwrap().catch(failed), [update, conversationId, failed])

  if (!conversation) {
    if (error) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('chat.loadFailed', { message: (error as AppError).message })}
          action={<Button size="small" onClick={() => void refetch()}>{t('chat.retry')}</Button>}
          data-testid="chat-load-error"
        />
      )
    }
    return <Spin style={{ margin: '64px auto', display: 'block' }} />
  }

  const last = conversation.messages.at(-1)
  const running = last?.role === 'assistant' && !!last.running
  const hasModel = !!(conversation.model ?? providers.defaultModel)
  return (
    <Flex vertical gap={12} style={{ flex: 1, minWidth: 0, height: '100%' }} data-testid="chat-conversation-view">
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0, flex: 1, minWidth: 120 }} ellipsis data-testid="chat-title">
          {title}
        </Typography.Title>
        <ModelPicker providers={providers} value={conversation.model} onChange={setModel} />
        <ToolPicker conversationId={conversationId} choice={conversation.tools} onChange={setTools} />
      </Flex>
      <MessageList messages={conversation.messages} onRetry={onRetry} onStop={onStop} />
      <Composer conversationId={conversationId} running={running} blocked={hasModel ? undefined : t('chat.composer.needsModel')} onSend={onSend} onStop={onStop} />
    </Flex>
  )
}
