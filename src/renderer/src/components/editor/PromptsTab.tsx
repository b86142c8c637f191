import { Alert, Button, Collapse, Empty, Flex, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import type { McpServerChanges } from '@renderer/store/serverListEdits'
import { useServerPrompts } from '@renderer/hooks/useServerLists'
import { PromptPanel } from '@renderer/components/results/PromptPanel'

export interface PromptsTabProps {
  server: McpServer
  onChange: (changes: McpServerChanges) => void
}

/** The editor's Prompts tab: each prompt with its arguments, fetched and shown as messages. */
export function PromptsTab({ server }: PromptsTabProps) {
  const { t } = useTranslation()
  const { items, loading, error, reload } = useServerPrompts(server.id)

  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('prompts.loadFailed', { server: server.name, message: error })}
        data-testid="prompts-error"
        action={
          <Button size="small" onClick={reload} data-testid="prompts-retry">
            {t('prompts.retry')}
          </Button>
        }
      />
    )
  }
  if (!items) return <Spin data-testid="prompts-loading" />
  if (items.length === 0) return <Empty description={t('prompts.empty')} data-testid="prompts-empty" />
  return (
    <Flex vertical gap={12} data-testid="prompts-tab">
      {loading ? <Spin size="small" /> : null}
      <Collapse
        items={items.map((prompt) => ({
          key: prompt.name,
          label: <span data-testid={`prompt-${prompt.name}`}>{prompt.title ?? prompt.name}</span>,
          extra: prompt.description,
          children: <PromptPanel server={server} prompt={prompt} />
        }))}
      />
    </Flex>
  )
}

export default PromptsTab
