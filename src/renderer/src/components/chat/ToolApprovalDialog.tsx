import { App, Button, Descriptions, Flex, Modal, Typography, theme } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApprovalDecision } from '@shared/chat/events'
import { errorLine, type AppError } from '@renderer/components/errors/describeError'
import { JsonTree } from '@renderer/components/results/JsonTree'
import { usePendingApprovalsQuery, useRespondApprovalMutation } from '@renderer/store/chatApi'
import { ToolHintTags } from './ToolHintTags'

/**
 * A chat's tool call waiting for the user, on any page: the server, the tool, its arguments and
 * hints, and the four answers (Enter allows once, Esc denies). Several wait in a queue, oldest
 * first; a reload shows those still waiting (main keeps them).
 */
export function ToolApprovalDialog() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const { data: pending } = usePendingApprovalsQuery()
  const [respond, { isLoading }] = useRespondApprovalMutation()
  // one answer per request: a double Enter must not answer the next one unseen
  const answered = useRef<string>(undefined)
  const request = pending?.[0]
  if (!request) return null

  const answer = (decision: ApprovalDecision) => {
    if (answered.current === request.requestId) return
    answered.current = request.requestId
    respond({ requestId: request.requestId, decision })
      .unwrap()
      .catch((e: unknown) => {
        answered.current = undefined
        void message.error(t('chat.approval.failed', { message: errorLine(t, e as AppError) }))
      })
  }
  const { call } = request
  const waiting = (pending?.length ?? 1) - 1
  const code = { fontFamily: token.fontFamilyCode }

  return (
    <Modal
      open
      title={t('chat.approval.title')}
      onCancel={() => answer('deny')}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
      data-testid="chat-approval"
      modalRender={(node) => (
        <div
          onKeyDown={(e) => {
            // Enter allows once, unless a button other than "Allow once" has the focus
            if (e.key !== 'Enter' || (e.target as HTMLElement).closest('button')) return
            e.preventDefault()
            answer('once')
          }}
        >
          {node}
        </div>
      )}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button danger onClick={() => answer('deny')} disabled={isLoading} data-testid="chat-approval-deny">
            {t('chat.approval.deny')}
          </Button>
          <Button onClick={() => answer('always')} disabled={isLoading} data-testid="chat-approval-always">
            {t('chat.approval.always')}
          </Button>
          <Button onClick={() => answer('chat')} disabled={isLoading} data-testid="chat-approval-chat">
            {t('chat.approval.chat')}
          </Button>
          <Button type="primary" autoFocus onClick={() => answer('once')} disabled={isLoading} data-testid="chat-approval-once">
            {t('chat.approval.once')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} key={request.requestId} data-testid="chat-approval-body" data-request-id={request.requestId}>
        <Typography.Text>{t('chat.approval.intro', { conversation: request.conversationTitle })}</Typography.Text>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('chat.approval.server')}>
            <span data-testid="chat-approval-server">{call.server}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('chat.approval.tool')}>
            <Flex vertical>
              <Typography.Text strong data-testid="chat-approval-tool">
                {request.toolTitle ?? call.tool}
              </Typography.Text>
              {request.toolTitle && request.toolTitle !== call.tool ? (
                <Typography.Text type="secondary" style={code}>
                  {call.tool}
                </Typography.Text>
              ) : null}
              {request.toolDescription ? (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
                  {request.toolDescription}
                </Typography.Paragraph>
              ) : null}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
        <ToolHintTags annotations={request.annotations} />
        <div>
          <Typography.Text type="secondary">{t('chat.approval.arguments')}</Typography.Text>
          <JsonTree data={call.input ?? {}} testId="chat-approval-arguments" />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('chat.approval.keys')}
          {waiting > 0 ? ` ${t('chat.approval.queue', { count: waiting })}` : ''}
        </Typography.Text>
        {waiting > 0 ? <span data-testid="chat-approval-queue" hidden>{waiting}</span> : null}
      </Flex>
    </Modal>
  )
}
