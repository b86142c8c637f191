import { Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AssistantMessage } from '@shared/chat/conversations'
import { usePageRoute } from '@renderer/hooks/usePageRoute'

/** Beneath an answer: why it ended early (the step limit, with where to change it; the user's Stop) and the tokens it took. */
export function TurnNotes({ message }: { message: AssistantMessage }) {
  const { t } = useTranslation()
  const [, navigate] = usePageRoute()
  const { usage, stepLimit, stopped } = message
  const tokens = usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)
  if (!stepLimit && !stopped && !tokens) return null
  return (
    <Flex vertical gap={2}>
      {stepLimit ? (
        <Typography.Text type="warning" data-testid="chat-step-limit">
          {t('chat.message.stepLimit', { count: stepLimit })}{' '}
          <Typography.Link
            href="#page=settings&section=chat"
            data-testid="chat-step-limit-settings"
            onClick={(event) => {
              event.preventDefault()
              navigate({ page: 'settings', section: 'chat' })
            }}
          >
            {t('chatSettings.stepLimitWhere', { count: stepLimit })}
          </Typography.Link>
        </Typography.Text>
      ) : null}
      {stopped ? (
        <Typography.Text type="secondary" data-testid="chat-stopped">
          {t('chat.message.stopped')}
        </Typography.Text>
      ) : null}
      {tokens ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="chat-usage">
          {t('chat.message.usage', { input: usage.inputTokens ?? '–', output: usage.outputTokens ?? '–' })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
