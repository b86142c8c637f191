import { useState } from 'react'
import { Alert, Button, Card, Empty, Flex, Form, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { errorMessage } from '@renderer/hooks/useServerLists'
import { filledArguments, PromptArgumentFields } from '@renderer/components/completion/PromptArgumentFields'
import { ContentBlockView } from './ContentBlockView'

/** One prompt: its arguments as a form (prompt arguments are strings), Get, and the messages. */
export function PromptPanel({ server, prompt }: { server: McpServer; prompt: Prompt }) {
  const { t } = useTranslation()
  const api = useApi()
  const [form] = Form.useForm<Record<string, string>>()
  const [result, setResult] = useState<GetPromptResult | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const args = prompt.arguments ?? []

  const get = async () => {
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    const filled = filledArguments(values)
    setBusy(true)
    setError(undefined)
    try {
      setResult(await api.mcp.getPrompt({ serverId: server.id, name: prompt.name, args: filled }))
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t('prompts.arguments')}</Typography.Text>
      {args.length === 0 ? <Typography.Text type="secondary">{t('prompts.noArguments')}</Typography.Text> : null}
      <Form form={form} layout="vertical" onFinish={() => void get()}>
        <PromptArgumentFields serverId={server.id} prompt={prompt} form={form} />
        <Button type="primary" htmlType="submit" loading={busy} data-testid={`prompt-get-${prompt.name}`}>
          {t('prompts.get')}
        </Button>
      </Form>
      {/* an error with no message still says the prompt could not be had */}
      {error !== undefined ? <Alert type="error" showIcon title={t('prompts.getFailed', { message: error || '—' })} data-testid="prompt-error" /> : null}
      {result ? (
        <Flex vertical gap={8} data-testid={`prompt-messages-${prompt.name}`}>
          <Typography.Text strong>{t('prompts.messages')}</Typography.Text>
          {result.messages.length === 0 ? <Empty description={t('prompts.noMessages')} /> : null}
          {result.messages.map((message, i) => (
            <Card
              key={i}
              size="small"
              title={<Tag color={message.role === 'user' ? 'blue' : 'green'}>{t(`prompts.roles.${message.role}`)}</Tag>}
            >
              <ContentBlockView block={message.content} server={server} />
            </Card>
          ))}
        </Flex>
      ) : null}
    </Flex>
  )
}
