import { useMemo, useState } from 'react'
import { Alert, Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import { holdsSecrets, withoutSecrets } from '@shared/mcp/withoutSecrets'
import { ToolResultView } from '@renderer/components/results/ToolResultView'

/** what stands for a hidden value: text is shown as Markdown, where `<redacted>` would be taken for an HTML tag */
const HIDDEN = '[redacted]'

/**
 * A tool's result with the server's own secret values (its env, header, query and flag values)
 * hidden by default: a tool that echoes its key does not put it on the screen (or a screen share)
 * unless the user asks. Values `${env:NAME}` brings in at start are known to main only, not here.
 */
export function RevealableResult({ result, server, outputSchema }: { result: CallToolResult; server: McpServer; outputSchema?: Tool['outputSchema'] }) {
  const { t } = useTranslation()
  const [revealed, setRevealed] = useState(false)
  const secrets = useMemo(() => serverSecretValues(server), [server])
  const holds = useMemo(() => holdsSecrets(result, secrets), [result, secrets])
  const hidden = useMemo(() => (holds ? withoutSecrets(result, secrets, HIDDEN) : result), [holds, result, secrets])
  if (!holds) return <ToolResultView result={result} server={server} outputSchema={outputSchema} />
  return (
    <Flex vertical gap={8}>
      <Alert
        type="info"
        showIcon
        title={revealed ? t('resultSecrets.shown') : t('resultSecrets.hidden')}
        data-testid="result-secrets"
        action={
          <Button size="small" onClick={() => setRevealed((on) => !on)} data-testid="result-secrets-toggle">
            {revealed ? t('resultSecrets.hide') : t('resultSecrets.reveal')}
          </Button>
        }
      />
      <ToolResultView result={revealed ? result : hidden} server={server} outputSchema={outputSchema} />
    </Flex>
  )
}
