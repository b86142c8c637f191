import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'

/** The user's message: plain text, as typed (line breaks kept), on the right. */
export function UserBubble({ text }: { text: string }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Flex justify="flex-end" data-testid="chat-user-message">
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
