import { Flex, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AssistantMessage } from '@shared/chat/conversations'
import { Markdown } from '@renderer/components/results/Markdown'
import { ToolCallCard } from './ToolCallCard'
import { TurnErrorAlert } from './TurnErrorAlert'
import { TurnNotes } from './TurnNotes'

export interface AssistantMessageViewProps {
  message: AssistantMessage
  /** Retry is offered on the last answer only */
  onRetry?: () => void
  onStop?: () => void
}

/** The model's answer: its text as Markdown, the tool calls in between, then how it ended. */
export function AssistantMessageView({ message, onRetry, onStop }: AssistantMessageViewProps) {
  const { t } = useTranslation()
  const empty = message.parts.length === 0
  return (
    <Flex vertical gap={8} data-testid="chat-assistant-message" data-running={message.running ? 'true' : 'false'} aria-busy={!!message.running}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('chat.message.assistant')} · {message.model.model}
      </Typography.Text>
      {message.parts.map((part, i) =>
        part.type === 'text' ? (
          <div key={i} data-testid="chat-assistant-text">
            <Markdown text={part.text} />
          </div>
        ) : (
          <ToolCallCard key={part.call.toolCallId} call={part.call} onStop={message.running ? onStop : undefined} />
        )
      )}
      {message.running && (empty || message.parts.at(-1)?.type === 'text') ? (
        <Flex align="center" gap={8} data-testid="chat-thinking">
          <Spin size="small" />
          {empty ? <Typography.Text type="secondary">{t('chat.message.thinking')}</Typography.Text> : null}
        </Flex>
      ) : null}
      {message.error ? <TurnErrorAlert error={message.error} onRetry={onRetry} /> : null}
      <TurnNotes message={message} />
    </Flex>
  )
}
