import type { HTMLAttributes } from 'react'
import { Empty, Table, Tag, Typography, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectServers } from '@renderer/store/mcp'
import { serverTarget, serverTypeKey } from './serverTarget'

/** The configured servers (state.mcp.servers), or an empty state that says what will show here. */
export function ServerList() {
  const { t } = useTranslation()
  const servers = useAppSelector(selectServers)

  if (servers.length === 0) {
    return (
      <div data-testid="server-list">
        <Empty
          data-testid="server-list-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('servers.emptyTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('servers.emptyDescription')}</Typography.Text>
            </>
          }
        />
      </div>
    )
  }

  const columns: TableProps<McpServer>['columns'] = [
    {
      key: 'name',
      title: t('servers.columns.name'),
      render: (_, server) => (
        <>
          <Typography.Text strong>{server.name}</Typography.Text>
          {server.description && (
            <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0 }}>
              {server.description}
            </Typography.Paragraph>
          )}
        </>
      )
    },
    {
      key: 'type',
      title: t('servers.columns.type'),
      render: (_, server) => <Tag>{t(`servers.types.${serverTypeKey(server)}`)}</Tag>
    },
    {
      key: 'target',
      title: t('servers.columns.target'),
      render: (_, server) => {
        const target = serverTarget(server)
        return target ? (
          <Typography.Text code copyable={{ text: target }} style={{ wordBreak: 'break-all' }}>
            {target}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('servers.builtinTarget')}</Typography.Text>
        )
      }
    }
  ]

  return (
    <Table<McpServer>
      data-testid="server-list"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={servers}
      pagination={false}
      // data-* attributes are valid on a row but not in antd's prop type, hence the cast
      onRow={() => ({ 'data-testid': 'server-list-item' }) as HTMLAttributes<HTMLElement>}
    />
  )
}
