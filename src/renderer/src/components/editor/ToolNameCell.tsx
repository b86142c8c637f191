import { Flex, Tooltip, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { getDisplayName } from '@modelcontextprotocol/sdk/shared/metadataUtils.js'
import type { McpTool } from '@shared/ipc/contract'

/**
 * A tool's title and, beneath it in monospace, the name a model calls it by (the two differ
 * whenever the server gives a title). The function-call id is on hover and focus.
 */
export function ToolNameCell({ tool }: { tool: McpTool }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const title = getDisplayName(tool)
  const code = { fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }
  return (
    <Flex vertical>
      <Tooltip title={t('tools.functionCallId', { id: tool.id })} trigger={['hover', 'focus']}>
        <Typography.Text strong data-testid={`tool-name-${tool.name}`} tabIndex={0} style={title === tool.name ? code : undefined}>
          {title}
        </Typography.Text>
      </Tooltip>
      {title !== tool.name ? (
        <Typography.Text type="secondary" copyable={{ text: tool.name, tooltips: false }} style={code} data-testid={`tool-real-name-${tool.name}`}>
          {tool.name}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
