import { Button, Card, Collapse, Flex, Progress, Tag, Typography } from 'antd'
import { StopOutlined, ToolOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ChatToolCallView } from '@shared/chat/conversations'
import { JsonTree } from '@renderer/components/results/JsonTree'
import { Preformatted } from '@renderer/components/results/Preformatted'
import { progressPercent, TOOL_STATUS_COLOR } from './toolStatus'

/**
 * One tool call of the model: which server and tool, its arguments as a tree, its state (with a
 * progress bar and Stop while it runs), and what the model was given back, folded.
 */
export function ToolCallCard({ call, onStop }: { call: ChatToolCallView; onStop?: () => void }) {
  const { t } = useTranslation()
  const live = call.status === 'running' || call.status === 'waiting'
  const percent = progressPercent(call.progress)
  return (
    <Card
      size="small"
      data-testid="chat-tool-call"
      data-status={call.status}
      title={
        <Flex align="center" gap={8} wrap>
          <ToolOutlined />
          <Typography.Text type="secondary">{call.server}</Typography.Text>
          <Typography.Text strong data-testid="chat-tool-call-name">
            {call.tool}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Flex align="center" gap={8}>
          <Tag color={TOOL_STATUS_COLOR[call.status]} style={{ marginInlineEnd: 0 }} data-testid="chat-tool-call-status">
            {t(`chat.toolCall.status.${call.status}`)}
          </Tag>
          {live && onStop ? (
            <Button size="small" danger icon={<StopOutlined />} onClick={onStop} data-testid="chat-tool-call-stop">
              {t('chat.toolCall.stop')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <div>
          <Typography.Text type="secondary">{t('chat.toolCall.arguments')}</Typography.Text>
          <JsonTree data={call.input ?? {}} testId="chat-tool-call-arguments" />
        </div>
        {call.status === 'running' && call.progress ? (
          <div data-testid="chat-tool-call-progress">
            {percent !== undefined ? <Progress percent={percent} size="small" /> : <Progress percent={100} status="active" showInfo={false} size="small" />}
            {call.progress.message ? <Typography.Text type="secondary">{call.progress.message}</Typography.Text> : null}
          </div>
        ) : null}
        {call.result !== undefined ? (
          <Collapse
            size="small"
            items={[
              {
                key: 'result',
                label: t('chat.toolCall.result'),
                children: call.result ? <Preformatted testId="chat-tool-call-result-text">{call.result}</Preformatted> : <Typography.Text type="secondary">{t('chat.toolCall.noResult')}</Typography.Text>
              }
            ]}
            data-testid="chat-tool-call-result"
          />
        ) : null}
      </Flex>
    </Card>
  )
}
