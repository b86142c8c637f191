import { memo, useState } from 'react'
import { Alert, Button, Checkbox, Divider, Flex, Popover, Spin, Switch, Typography } from 'antd'
import { ToolOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ChatToolChoice } from '@shared/chat/conversations'
import { useServers } from '@renderer/hooks/useServers'
import { useListChatToolsQuery } from '@renderer/store/chatApi'
import { toolCounts, withServer, withTool } from './toolChoice'

/**
 * Which servers and tools this chat sends to the model, and how many that is. Every active server
 * by default; picking servers or switching tools off is kept with the conversation.
 */
export const ToolPicker = memo(function ToolPicker({ conversationId, choice, onChange }: { conversationId: string; choice: ChatToolChoice; onChange: (choice: ChatToolChoice) => void }) {
  const { t } = useTranslation()
  const servers = useServers().filter((s) => s.isActive)
  const activeIds = servers.map((s) => s.id)
  const { data, error, isFetching, refetch } = useListChatToolsQuery(conversationId)
  const { sent, total } = toolCounts(data ?? [])
  const [open, setOpen] = useState(false)

  const content = (
    <Flex
      vertical
      gap={8}
      style={{ width: 380, maxHeight: 460, overflowY: 'auto' }}
      data-testid="chat-tools-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <Typography.Text type="secondary">{t('chat.tools.hint')}</Typography.Text>
      {servers.length === 0 ? <Typography.Text>{t('chat.tools.noServers')}</Typography.Text> : null}
      {servers.length > 0 ? (
        <>
          <Checkbox
            checked={!choice.serverIds}
            onChange={(e) => onChange(e.target.checked ? { ...choice, serverIds: undefined } : { ...choice, serverIds: activeIds })}
            data-testid="chat-tools-all"
          >
            {t('chat.tools.allServers')}
          </Checkbox>
          <Flex vertical gap={4} style={{ paddingInlineStart: 16 }}>
            {servers.map((s) => (
              <Checkbox
                key={s.id}
                checked={!choice.serverIds || choice.serverIds.includes(s.id)}
                onChange={(e) => onChange(withServer(choice, activeIds, s.id, e.target.checked))}
                data-testid={`chat-tools-server-${s.name}`}
              >
                {s.name}
              </Checkbox>
            ))}
          </Flex>
        </>
      ) : null}
      <Divider style={{ margin: '4px 0' }} />
      {error ? (
        <Alert type="error" showIcon title={t('chat.tools.loadFailed', { message: (error as { message?: string }).message ?? '' })} action={<Button size="small" onClick={() => void refetch()}>{t('chat.retry')}</Button>} />
      ) : null}
      {!data && isFetching ? <Spin size="small" /> : null}
      {(data ?? []).map((server) => (
        <Flex vertical gap={4} key={server.serverId}>
          <Typography.Text strong>{server.server}</Typography.Text>
          {server.error ? <Typography.Text type="danger">{t('chat.tools.serverFailed', { message: server.error })}</Typography.Text> : null}
          {server.tools.map((tool) => (
            <Flex key={tool.id} align="center" gap={8}>
              <Switch
                size="small"
                checked={!tool.disabled}
                aria-label={t('chat.tools.toolSwitch', { name: tool.name })}
                onChange={(on) => onChange(withTool(choice, tool.id, on))}
                data-testid={`chat-tool-switch-${tool.name}`}
              />
              <Typography.Text title={tool.description} ellipsis style={{ maxWidth: 300 }}>
                {tool.name}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      ))}
      {data ? <Typography.Text type="secondary" data-testid="chat-tools-sent">{t('chat.tools.sent', { count: sent, total })}</Typography.Text> : null}
    </Flex>
  )

  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" title={t('chat.tools.title')} content={content}>
      <Button icon={<ToolOutlined />} loading={!data && isFetching} data-testid="chat-tools-button">
        {t('chat.tools.button', { count: sent })}
      </Button>
    </Popover>
  )
})
