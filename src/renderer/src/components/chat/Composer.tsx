import { Button, Flex, Input } from 'antd'
import { SendOutlined, StopOutlined } from '@ant-design/icons'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface ComposerProps {
  running: boolean
  /** why nothing can be sent now (no model), shown as the placeholder */
  blocked?: string
  /** resolves true when main took the message: the box empties then, not before */
  onSend: (text: string) => Promise<boolean>
  onStop: () => void
}

/** Where the user writes: Enter sends, Shift+Enter is a new line; Send becomes Stop while the model answers. */
export const Composer = memo(function Composer({ running, blocked, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const canSend = !running && !sending && !blocked && text.trim().length > 0

  const send = async () => {
    if (!canSend) return
    setSending(true)
    try {
      if (await onSend(text)) setText('')
    } finally {
      setSending(false)
    }
  }

  return (
    <Flex gap={8} align="flex-end">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // an IME's Enter picks a candidate; it does not send
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            void send()
          }
        }}
        placeholder={blocked ?? t('chat.composer.placeholder')}
        aria-label={t('chat.composer.label')}
        rows={2}
        style={{ resize: 'vertical' }}
        data-testid="chat-input"
      />
      {running ? (
        <Button key="stop" danger icon={<StopOutlined />} onClick={onStop} data-testid="chat-stop">
          {t('chat.composer.stop')}
        </Button>
      ) : (
        <Button key="send" type="primary" icon={<SendOutlined />} onClick={() => void send()} disabled={!canSend} loading={sending} data-testid="chat-send">
          {t('chat.composer.send')}
        </Button>
      )}
    </Flex>
  )
})
