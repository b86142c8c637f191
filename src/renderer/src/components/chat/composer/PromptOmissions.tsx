import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ChatPromptOmission } from '@shared/chat/composerContext'

/** What of a prompt could not go into the message's text (an image, a binary resource), one line each. */
export function PromptOmissions({ omitted, onClose }: { omitted: ChatPromptOmission[]; onClose: () => void }) {
  const { t } = useTranslation()
  const line = (o: ChatPromptOmission) => {
    const what = [o.uri, o.mimeType, o.bytes !== undefined ? t('chat.prompt.bytes', { count: o.bytes }) : undefined].filter(Boolean).join(', ')
    const key = o.type === 'image' && o.reason ? (`image_${o.reason}` as const) : o.type
    return t(`chat.prompt.omitted.${key}`, { what })
  }
  return (
    <Alert
      type="info"
      showIcon
      closable
      onClose={onClose}
      title={t('chat.prompt.leftOut')}
      description={omitted.map((o, i) => <div key={i}>{line(o)}</div>)}
      data-testid="chat-prompt-omitted"
    />
  )
}
