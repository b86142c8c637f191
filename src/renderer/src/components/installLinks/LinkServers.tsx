import { Flex, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { CommandText } from '@renderer/components/servers/CommandText'
import type { ImportPlanItem } from '@renderer/components/servers/importPlan'
import { serverTarget, serverTypeKey } from '@renderer/components/servers/serverTarget'

/** The servers a link proposes, a tick box each: the full command or URL, variable and header names only. */
export function LinkServers({ plan, selected, onSelect }: { plan: ImportPlanItem[]; selected: string[]; onSelect: (ids: string[]) => void }) {
  const { t } = useTranslation()
  return (
    <Table<ImportPlanItem>
      size="small"
      pagination={false}
      rowKey={(item) => item.server.id}
      dataSource={plan}
      data-testid="install-link-servers"
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (item) => ({ 'aria-label': item.server.name, 'data-testid': `install-link-pick-${item.sourceName}` }) as never
      }}
      onRow={(item) => ({ 'data-testid': 'install-link-server', 'data-server-name': item.server.name }) as never}
      columns={[
        {
          key: 'name',
          title: t('servers.columns.name'),
          width: 180,
          render: (_, item) => (
            <Flex vertical>
              <Typography.Text strong>{item.server.name}</Typography.Text>
              {item.action === 'rename' && <Typography.Text type="warning">{t('serverImport.renamedFrom', { name: item.sourceName })}</Typography.Text>}
              {item.server.description && <Typography.Text type="secondary">{item.server.description}</Typography.Text>}
            </Flex>
          )
        },
        { key: 'type', title: t('servers.columns.type'), render: (_, item) => <Tag>{t(`servers.types.${serverTypeKey(item.server)}`)}</Tag> },
        {
          key: 'target',
          title: t('servers.columns.target'),
          render: (_, item) => <CommandText text={serverTarget(item.server)} testId="install-link-command" />
        },
        {
          key: 'env',
          title: t('serverImport.env'),
          render: (_, item) =>
            [...Object.keys(item.server.env ?? {}), ...Object.keys(item.server.headers ?? {})].map((k) => (
              <Tag key={k} variant="filled">
                {k}=••••
              </Tag>
            ))
        }
      ]}
    />
  )
}
