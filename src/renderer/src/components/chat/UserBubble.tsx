import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ChatAttachment, ChatImageNote } from '@shared/chat/composerContext'
import { AttachmentChip } from './composer/AttachmentChip'
import { ImageChip } from './composer/ImageChip'

/** The user's message: plain text, as typed (line breaks kept), on the right, with the resources it carried. */
export function UserBubble({ text, attachments, images }: { text: string; attachments?: ChatAttachment[]; images?: ChatImageNote[] }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Flex vertical align="flex-end" gap={4} data-testid="chat-user-message">
      {attachments?.length || images?.length ? (
        <Flex gap={6} wrap justify="flex-end" style={{ maxWidth: '80%' }} data-testid="chat-message-attachments">
          {(attachments ?? []).map((a) => (
            <AttachmentChip key={`${a.serverId} ${a.uri}`} name={a.name} server={a.server} uri={a.uri} attachment={a} />
          ))}
          {(images ?? []).map((image, i) => (
            <ImageChip key={`image ${i}`} mimeType={image.mimeType} bytes={image.bytes} />
          ))}
        </Flex>
      ) : null}
      <div
        aria-label={t('chat.message.you')}
        style={{
          maxWidth: '80%',
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadiusLG,
          background: token.colorPrimaryBg,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere'
        }}
      >
        <Typography.Text>{text}</Typography.Text>
      </div>
    </Flex>
  )
}
