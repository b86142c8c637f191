import { Flex, Tag, theme, Typography } from 'antd'
import type { SamplingMessage, SamplingMessageContentBlock } from '@modelcontextprotocol/sdk/types.js'
import { useTranslation } from 'react-i18next'

/** One content block: text as text, images shown, audio playable, everything else named in a line. */
function Block({ block }: { block: SamplingMessageContentBlock }) {
  const { t } = useTranslation()
  switch (block.type) {
    case 'text':
      return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{block.text}</Typography.Text>
    case 'image':
      return (
        <img
          src={`data:${block.mimeType};base64,${block.data}`}
          alt={t('dialogs.sampling.image', { mimeType: block.mimeType })}
          style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      )
    case 'audio':
      return (
        <audio controls src={`data:${block.mimeType};base64,${block.data}`} aria-label={t('dialogs.sampling.audio', { mimeType: block.mimeType })} />
      )
    case 'tool_use':
      return <Typography.Text type="secondary">{t('dialogs.sampling.toolUse', { name: block.name })}</Typography.Text>
    case 'tool_result':
      return <Typography.Text type="secondary">{t('dialogs.sampling.toolResult', { id: block.toolUseId })}</Typography.Text>
    default:
      return <Typography.Text type="secondary">{t('dialogs.sampling.otherContent', { type: (block as { type: string }).type })}</Typography.Text>
  }
}

/** The conversation the server wants continued, oldest first, each message with its role. */
export function SamplingMessages({ messages }: { messages: SamplingMessage[] }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Flex vertical gap="small" data-testid="sampling-messages">
      {messages.map((message, i) => {
        const blocks = Array.isArray(message.content) ? message.content : [message.content]
        return (
          <Flex
            key={i}
            vertical
            gap={4}
            data-testid="sampling-message"
            data-role={message.role}
            style={{ padding: token.paddingSM, borderRadius: token.borderRadius, background: message.role === 'user' ? token.colorFillTertiary : token.colorPrimaryBg }}
          >
            <Tag color={message.role === 'user' ? 'default' : 'blue'} style={{ alignSelf: 'flex-start' }}>
              {t(`dialogs.sampling.roles.${message.role}`)}
            </Tag>
            {blocks.map((block, j) => (
              <Block key={j} block={block} />
            ))}
          </Flex>
        )
      })}
    </Flex>
  )
}
