import { Button, Flex, Tag, Tooltip, Typography } from 'antd'
import { FileTextOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ChatAttachment } from '@shared/chat/composerContext'

export interface AttachmentChipProps {
  name: string
  server: string
  uri: string
  attachment?: ChatAttachment
  status?: 'reading' | 'ready' | 'failed'
  error?: string
  onRemove?: () => void
  onRetry?: () => void
}

/** A resource attached to a message: its name, server and size; in the composer removable, a failed read with Retry. */
export function AttachmentChip({ name, server, uri, attachment, status = 'ready', error, onRemove, onRetry }: AttachmentChipProps) {
  const { t } = useTranslation()
  const size = attachment ? t('chat.attach.chars', { count: attachment.chars }) : undefined
  const icon = status === 'reading' ? <LoadingOutlined /> : status === 'failed' ? <WarningOutlined /> : <FileTextOutlined />
  const tag = (
    <Tag
      icon={icon}
      color={status === 'failed' ? 'error' : undefined}
      closable={!!onRemove}
      onClose={(e) => {
        e.preventDefault()
        onRemove?.()
      }}
      closeIcon={onRemove ? undefined : false}
      style={{ marginInlineEnd: 0, maxWidth: 360, whiteSpace: 'normal' }}
      data-testid="chat-attachment"
      data-uri={uri}
    >
      <Typography.Text strong style={{ color: 'inherit' }}>
        {attachment?.name ?? name}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">
        · {server}
        {size ? ` · ${size}` : ''}
      </Typography.Text>
      {attachment?.truncated ? <Typography.Text type="warning"> · {t('chat.attach.truncated')}</Typography.Text> : null}
    </Tag>
  )
  if (status !== 'failed') return <Tooltip title={uri}>{tag}</Tooltip>
  return (
    <Flex align="center" gap={6} wrap data-testid="chat-attachment-failed">
      {tag}
      <Typography.Text type="danger">{t('chat.attach.failed', { message: error ?? '' })}</Typography.Text>
      {onRetry ? (
        <Button size="small" onClick={onRetry} data-testid="chat-attachment-retry">
          {t('chat.retry')}
        </Button>
      ) : null}
    </Flex>
  )
}
