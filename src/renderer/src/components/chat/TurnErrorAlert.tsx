import { Alert, Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ChatTurnError } from '@shared/chat/conversations'
import { usePageRoute } from '@renderer/hooks/usePageRoute'
import { turnErrorAdvice } from './turnErrorAdvice'

/** A failed turn, in the conversation: what to do (in the user's language), main's words, Retry. */
export function TurnErrorAlert({ error, onRetry }: { error: ChatTurnError; onRetry?: () => void }) {
  const { t } = useTranslation()
  const [, navigate] = usePageRoute()
  const advice = turnErrorAdvice(error)
  const toModels = advice === 'key' || advice === 'model' || advice === 'noModel'
  return (
    <Alert
      type="error"
      showIcon
      data-testid="chat-turn-error"
      data-advice={advice}
      title={t('chat.error.title')}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>{t(`chat.error.${advice}`)}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }} data-testid="chat-turn-error-detail">
            {error.status ? `${error.status} · ` : ''}
            {error.message}
          </Typography.Text>
        </Flex>
      }
      action={
        <Flex vertical gap={4}>
          {onRetry ? (
            <Button size="small" onClick={onRetry} data-testid="chat-retry">
              {t('chat.retry')}
            </Button>
          ) : null}
          {toModels ? (
            <Button size="small" type="link" onClick={() => navigate({ page: 'models' })} data-testid="chat-open-models">
              {t('chat.error.openModels')}
            </Button>
          ) : null}
        </Flex>
      }
    />
  )
}
