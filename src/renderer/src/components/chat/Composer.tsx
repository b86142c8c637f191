import { Button, Flex, Input } from 'antd'
import { SendOutlined, StopOutlined } from '@ant-design/icons'
import { memo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { base64Bytes, type ChatAttachmentRef, type ChatImage, type ChatPromptOmission, type ChatPromptText } from '@shared/chat/composerContext'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { AttachmentChip } from './composer/AttachmentChip'
import { composerTrigger, withoutTrigger } from './composer/composerTrigger'
import { ContextMenu } from './composer/ContextMenu'
import type { ContextItem } from './composer/contextItems'
import { ImageChip } from './composer/ImageChip'
import { PromptDialog } from './composer/PromptDialog'
import { PromptOmissions } from './composer/PromptOmissions'
import { TemplateDialog } from './composer/TemplateDialog'
import { useAttachments } from './composer/useAttachments'
import { useContextMenu } from './composer/useContextMenu'

export interface ComposerProps {
  conversationId: string
  running: boolean
  /** why nothing can be sent now (no model), shown as the placeholder */
  blocked?: string
  /** resolves true when main took the message: the box empties then, not before */
  onSend: (text: string, context: { attachments: ChatAttachmentRef[]; images: ChatImage[] }) => Promise<boolean>
  onStop: () => void
}

/**
 * Where the user writes: Enter sends, Shift+Enter is a new line; Send becomes Stop while the model
 * answers. `/` at the start picks one of the servers' prompts, `@` attaches one of their resources.
 */
export const Composer = memo(function Composer({ conversationId, running, blocked, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [caret, setCaret] = useState(0)
  const [sending, setSending] = useState(false)
  const [prompt, setPrompt] = useState<Extract<ContextItem, { kind: 'prompt' }>>()
  const [template, setTemplate] = useState<Extract<ContextItem, { kind: 'template' }>>()
  const [omitted, setOmitted] = useState<ChatPromptOmission[]>([])
  // a prompt's images, for a model that takes them
  const [images, setImages] = useState<ChatImage[]>([])
  const box = useRef<TextAreaRef>(null)
  const attachments = useAttachments(conversationId)
  const trigger = composerTrigger(text, caret)
  const menu = useContextMenu(conversationId, trigger)
  const attachmentsReady = attachments.items.every((a) => a.status === 'ready')
  const canSend = !running && !sending && !blocked && text.trim().length > 0 && attachmentsReady

  const focus = () => setTimeout(() => box.current?.focus(), 0)
  const edit = (value: string, at = value.length) => {
    setText(value)
    setCaret(at)
  }

  const send = async () => {
    if (!canSend) return
    setSending(true)
    try {
      if (await onSend(text, { attachments: attachments.items.map((a) => a.ref), images })) {
        edit('')
        attachments.clear()
        setImages([])
        setOmitted([])
      }
    } finally {
      setSending(false)
    }
  }

  const pick = (item: ContextItem) => {
    if (!trigger) return
    edit(withoutTrigger(text, trigger, caret), trigger.start)
    menu.close()
    if (item.kind === 'prompt') return setPrompt(item)
    if (item.kind === 'template') return setTemplate(item)
    attachments.attach({ serverId: item.serverId, uri: item.resource.uri }, item.label, item.server)
  }

  const promptDone = (result: ChatPromptText) => {
    // the prompt's text leads; whatever was written besides the `/` follows it
    const rest = text.trim()
    edit(rest ? `${result.text}\n\n${rest}` : result.text)
    setOmitted(result.omitted)
    setImages((before) => [...before, ...result.images])
    setPrompt(undefined)
    focus()
  }

  return (
    <Flex vertical gap={6}>
      {menu.open && trigger ? (
        <ContextMenu kind={trigger.kind} query={trigger.query} items={menu.items} active={menu.active} loading={menu.loading} failures={menu.failures} onPick={pick} onActive={menu.setActive} onRetry={menu.retry} />
      ) : null}
      {omitted.length ? <PromptOmissions omitted={omitted} onClose={() => setOmitted([])} /> : null}
      {attachments.items.length || images.length ? (
        <Flex gap={6} wrap data-testid="chat-composer-attachments">
          {images.map((image, i) => (
            <ImageChip key={`image ${i}`} mimeType={image.mimeType} bytes={base64Bytes(image.data)} data={image.data} onRemove={() => setImages((all) => all.filter((_, j) => j !== i))} />
          ))}
          {attachments.items.map((a) => (
            <AttachmentChip
              key={`${a.ref.serverId} ${a.ref.uri}`}
              name={a.label}
              server={a.server}
              uri={a.ref.uri}
              attachment={a.attachment}
              status={a.status}
              error={a.error}
              onRemove={() => attachments.remove(a.ref)}
              onRetry={() => attachments.retry(a.ref)}
            />
          ))}
        </Flex>
      ) : null}
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          ref={box}
          value={text}
          onChange={(e) => edit(e.target.value, e.target.selectionStart ?? e.target.value.length)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          // a menu left behind by moving away would cover the conversation
          onBlur={() => menu.close()}
          onKeyDown={(e) => {
            // an IME's Enter picks a candidate; it does nothing else
            if (e.nativeEvent.isComposing) return
            if (menu.open && menu.onKey(e.key)) {
              e.preventDefault()
              if (e.key === 'Enter' || e.key === 'Tab') {
                const item = menu.items[menu.active]
                if (item) pick(item)
              }
              return
            }
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault()
              void send()
            }
          }}
          placeholder={blocked ?? t('chat.composer.placeholder')}
          aria-label={t('chat.composer.label')}
          aria-expanded={menu.open}
          aria-controls={menu.open && trigger ? `chat-${trigger.kind}-list` : undefined}
          aria-activedescendant={menu.open && menu.items.length ? `chat-context-option-${menu.active}` : undefined}
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
      {prompt ? (
        <PromptDialog
          conversationId={conversationId}
          serverId={prompt.serverId}
          server={prompt.server}
          prompt={prompt.prompt}
          onDone={promptDone}
          onCancel={() => {
            setPrompt(undefined)
            focus()
          }}
        />
      ) : null}
      {template ? (
        <TemplateDialog
          serverId={template.serverId}
          server={template.server}
          template={template.template}
          onAttach={(uri) => {
            attachments.attach({ serverId: template.serverId, uri }, uri, template.server)
            setTemplate(undefined)
            focus()
          }}
          onCancel={() => {
            setTemplate(undefined)
            focus()
          }}
        />
      ) : null}
    </Flex>
  )
})
