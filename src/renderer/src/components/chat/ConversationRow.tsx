import { Button, Flex, Input, Popconfirm, Typography, theme, type ButtonProps } from 'antd'
import { DeleteOutlined, EditOutlined, LoadingOutlined } from '@ant-design/icons'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConversationSummary } from '@shared/chat/conversations'
import { useConversationTitle } from './useConversationTitle'

export interface ConversationRowProps {
  conversation: ConversationSummary
  selected: boolean
  onOpen: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (id: string) => void
}

/** One chat in the list: open it (click, Enter), rename it in place, delete it after a confirm. */
export const ConversationRow = memo(function ConversationRow({ conversation, selected, onOpen, onRename, onDelete }: ConversationRowProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const title = useConversationTitle(conversation.title)
  const [editing, setEditing] = useState<string>()

  if (editing !== undefined) {
    const done = () => {
      const next = editing.trim()
      setEditing(undefined)
      if (next && next !== conversation.title) onRename(conversation.id, next)
    }
    return (
      <div style={{ padding: 4 }}>
        <Input
          autoFocus
          size="small"
          value={editing}
          maxLength={200}
          aria-label={t('chat.renameLabel', { title })}
          onChange={(e) => setEditing(e.target.value)}
          onPressEnter={done}
          onBlur={done}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(undefined)
          }}
          data-testid="chat-rename-input"
        />
      </div>
    )
  }

  return (
    <Flex
      align="center"
      gap={4}
      role="option"
      aria-selected={selected}
      tabIndex={0}
      onClick={() => onOpen(conversation.id)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          onOpen(conversation.id)
        } else if (e.key === 'F2') setEditing(conversation.title)
      }}
      data-testid="chat-conversation"
      data-id={conversation.id}
      style={{
        // the list's rows are one height (virtualized); a chat with no preview yet is centred in it
        height: 52,
        padding: '0 8px',
        borderRadius: token.borderRadius,
        cursor: 'pointer',
        background: selected ? token.controlItemBgActive : undefined
      }}
    >
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong={selected} ellipsis data-testid="chat-conversation-title">
          {conversation.running ? <LoadingOutlined style={{ marginInlineEnd: 6 }} aria-label={t('chat.answering')} /> : null}
          {title}
        </Typography.Text>
        {conversation.preview ? (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {conversation.preview}
          </Typography.Text>
        ) : null}
      </Flex>
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={t('chat.rename')}
        title={t('chat.rename')}
        onClick={(e) => {
          e.stopPropagation()
          setEditing(conversation.title)
        }}
        data-testid="chat-rename"
      />
      <Popconfirm
        title={t('chat.deleteConfirm', { title })}
        description={t('chat.deleteDetail')}
        okText={t('chat.deleteOk')}
        cancelText={t('chat.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'chat-delete-ok' } as ButtonProps}
        onConfirm={(e) => {
          e?.stopPropagation()
          onDelete(conversation.id)
        }}
        onPopupClick={(e) => e.stopPropagation()}
      >
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('chat.delete')}
          title={t('chat.delete')}
          onClick={(e) => e.stopPropagation()}
          data-testid="chat-delete"
        />
      </Popconfirm>
    </Flex>
  )
})
