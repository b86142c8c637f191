import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { isBuiltinServer } from '@shared/mcp/builtin'
import type { McpServer } from '@shared/mcp/server'
import { serverTypeKey } from './serverTarget'

/** The server's transport, or a "Built-in" tag for one that runs inside MCP Studio. */
export function ServerTypeTag({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  if (isBuiltinServer(server)) {
    return (
      <Tag color="purple" data-testid="server-builtin-tag">
        {t('catalogue.builtinTag')}
      </Tag>
    )
  }
  return <Tag data-testid="server-type">{t(`servers.types.${serverTypeKey(server)}`)}</Tag>
}
