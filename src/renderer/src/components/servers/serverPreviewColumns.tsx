import { Flex, Tag, type TableColumnsType } from 'antd'
import type { TFunction } from 'i18next'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { CommandText } from './CommandText'
import { serverTarget, serverTypeKey } from './serverTarget'

/**
 * The columns every "these servers will be added" table shows (import, install link): the type,
 * the full command or URL, and the names of the env variables and headers it sends,
 * never their values. One builder, so the two dialogs cannot show a server differently.
 */
export function serverPreviewColumns<Row extends { server: McpServer }>(t: TFunction, options: { commandTestId: string }): TableColumnsType<Row> {
  return [
    { key: 'type', title: t('servers.columns.type'), render: (_, row) => <Tag>{t(`servers.types.${serverTypeKey(row.server)}`)}</Tag> },
    {
      key: 'target',
      title: t('servers.columns.target'),
      render: (_, row) => <CommandText text={serverTarget(row.server)} testId={options.commandTestId} />
    },
    {
      key: 'secrets',
      title: t('serverImport.secrets'),
      render: (_, row) => (
        <Flex wrap gap={4}>
          {Object.keys(anyKindFields(row.server).env ?? {}).map((name) => (
            <Tag key={`env:${name}`} variant="filled" data-testid="preview-env-name">
              {name}=••••
            </Tag>
          ))}
          {Object.keys(anyKindFields(row.server).headers ?? {}).map((name) => (
            <Tag key={`header:${name}`} variant="filled" color="blue" data-testid="preview-header-name">
              {name}: ••••
            </Tag>
          ))}
        </Flex>
      )
    }
  ]
}
