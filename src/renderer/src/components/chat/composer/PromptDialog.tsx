import { Alert, Button, Form, Modal, Spin, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatPromptText } from '@shared/chat/composerContext'
import { filledArguments, PromptArgumentFields } from '@renderer/components/completion/PromptArgumentFields'
import { describeError } from '@renderer/components/errors/describeError'
import { useGetChatPromptMutation } from '@renderer/store/chatApi'
import type { PromptEntry } from './contextItems'

export interface PromptDialogProps {
  conversationId: string
  serverId: string
  server: string
  prompt: PromptEntry
  onDone: (result: ChatPromptText) => void
  onCancel: () => void
}

/**
 * A prompt chosen with `/`: its arguments (with the server's suggestions), then prompts/get through
 * main. One without arguments is got at once. A failure shows the server's message and Retry.
 */
export function PromptDialog({ conversationId, serverId, server, prompt, onDone, onCancel }: PromptDialogProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Record<string, string>>()
  const [getPrompt, { isLoading }] = useGetChatPromptMutation()
  const [error, setError] = useState<string>()
  const hasArguments = prompt.arguments.length > 0

  const run = useCallback(
    async (args: Record<string, string>) => {
      setError(undefined)
      try {
        onDone(await getPrompt({ conversationId, serverId, name: prompt.name, args }).unwrap())
      } catch (e) {
        setError(describeError(e).message || '—')
      }
    },
    [getPrompt, conversationId, serverId, prompt.name, onDone]
  )
  const submit = async () => {
    if (!hasArguments) return run({})
    const values = await form.validateFields().catch(() => undefined)
    if (values) await run(filledArguments(values))
  }

  useEffect(() => {
    if (!hasArguments) void run({})
    // once, as the dialog opens
  }, [])

  return (
    <Modal
      open
      title={t('chat.prompt.title', { server, prompt: prompt.title ?? prompt.name })}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('chat.prompt.cancel')}
        </Button>,
        <Button key="use" type="primary" loading={isLoading} onClick={() => void submit()} data-testid="chat-prompt-use">
          {error ? t('chat.retry') : t('chat.prompt.use')}
        </Button>
      ]}
      destroyOnHidden
    >
      {prompt.description ? <Typography.Paragraph type="secondary">{prompt.description}</Typography.Paragraph> : null}
      {hasArguments ? (
        <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="chat-prompt-form">
          <PromptArgumentFields serverId={serverId} prompt={prompt} form={form} />
          {/* Enter in a field submits */}
          <button type="submit" hidden />
        </Form>
      ) : isLoading ? (
        <Spin />
      ) : null}
      {error !== undefined ? <Alert type="error" showIcon title={t('chat.prompt.failed', { message: error })} data-testid="chat-prompt-error" /> : null}
    </Modal>
  )
}
