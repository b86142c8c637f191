import { Flex, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ImportPlanItem } from '@renderer/components/servers/importPlan'
import { serverPreviewColumns } from '@renderer/components/servers/serverPreviewColumns'

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
              {item.server.ui?.description && <Typography.Text type="secondary">{item.server.ui.description}</Typography.Text>}
            </Flex>
          )
        },
        ...serverPreviewColumns<ImportPlanItem>(t, { commandTestId: 'install-link-command' })
      ]}
    />
  )
}
