import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useListToolsQuery } from '@renderer/store/mainApi'
import { serverDescription, serverDisplayName } from './serverDisplay'
import { ServerStatusBadge } from './ServerStatusBadge'
import type { ServerStatusView } from './statusView'
import { serverTarget } from './serverTarget'
import { ServerTypeTag } from './ServerTypeTag'

/** The middle of a row: name, type, status, tool count, tags, description, and what it runs. */
export function ServerRowInfo({ server, view, onOpen }: { server: McpServer; view: ServerStatusView; onOpen: (id: string) => void }) {
  const { t } = useTranslation()
  const { status, error } = view
  // the tools of a connected server, from the cache the editor's Tools tab shares
  const { toolCount } = useListToolsQuery(server.id, { skip: status !== 'connected', selectFromResult: ({ data }) => ({ toolCount: data?.length }) })
  const target = serverTarget(server)
  const shownName = serverDisplayName(server, t)
  const description = serverDescription(server, t)
  return (
    <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
      <Flex align="center" gap="small" wrap>
        <Typography.Link strong onClick={() => onOpen(server.id)} data-testid="server-name">
          {shownName}
        </Typography.Link>
        {shownName !== server.name ? (
          <Typography.Text type="secondary" code data-testid="server-real-name">
            {server.name}
          </Typography.Text>
        ) : null}
        <ServerTypeTag server={server} />
        <ServerStatusBadge status={status} error={error?.message} />
        {status === 'connected' && toolCount !== undefined && (
          <Typography.Text type="secondary" data-testid="server-tool-count" data-count={toolCount}>
            {t('servers.toolCount', { count: toolCount })}
          </Typography.Text>
        )}
        {server.ui?.tags?.map((tag) => (
          <Tag key={tag} variant="filled" color="blue">
            {tag}
          </Tag>
        ))}
      </Flex>
      {description && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: description }} data-testid="server-description">
          {description}
        </Typography.Text>
      )}
      {target ? (
        <Typography.Text code copyable={{ text: target }} style={{ wordBreak: 'break-all' }} data-testid="server-target">
          {target}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('servers.builtinTarget')}</Typography.Text>
      )}
    </Flex>
  )
}
