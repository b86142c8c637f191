import { Alert, Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import type { ToolCallState } from '@renderer/hooks/useToolCall'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { CallProgress } from './CallProgress'
import { RevealableResult } from './RevealableResult'
import { TaskStatusTag } from './TaskStatusTag'

/** Where the call is: its progress, cancelled, the error main sent (with Retry), or the result. */
export function CallOutcome({
  state,
  server,
  outputSchema,
  onRetry
}: {
  state: ToolCallState
  server: McpServer
  /** the tool's outputSchema, which the result's structured content is checked against */
  outputSchema?: Tool['outputSchema']
  onRetry: () => void
}) {
  const { t } = useTranslation()
  switch (state.status) {
    case 'running':
      return <CallProgress progress={state.progress} />
    case 'cancelled':
      return <Alert type="warning" showIcon title={t('runner.cancelled')} data-testid="runner-cancelled" />
    case 'failed':
      return (
        <Flex vertical gap={8}>
          {state.task ? <TaskStatusTag task={state.task} /> : null}
          <Alert
            type="error"
            showIcon
            title={t('runner.failed')}
            description={<ErrorText error={state.error} />}
            data-testid="runner-error"
            action={
              <Button size="small" onClick={onRetry} data-testid="runner-retry">
                {t('runner.retry')}
              </Button>
            }
          />
        </Flex>
      )
    case 'done':
      return (
        <Flex vertical gap={8}>
          {state.task ? <TaskStatusTag task={state.task} /> : null}
          <RevealableResult result={state.result} server={server} outputSchema={outputSchema} />
        </Flex>
      )
    default:
      return null
  }
}
