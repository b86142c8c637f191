import { CopyOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons'
import { Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useCopyText } from '@renderer/hooks/useCopyText'
import { exportMcpServersJson } from './exportConfig'

/**
 * A row's less frequent actions: Restart a running (or failed) server without switching it off,
 * and Copy as JSON (the one server as `mcpServers`, for another app or a bug report).
 */
export function ServerRowMenu({ server, canRestart, onRestart }: { server: McpServer; canRestart: boolean; onRestart: () => void }) {
  const { t } = useTranslation()
  const copyText = useCopyText()
  const copy = () =>
    copyText(exportMcpServersJson([server]), {
      copied: t('servers.actions.copiedJson', { name: server.name }),
      failed: (reason) => t('serverExport.copyFailed', { message: reason })
    })
  const items: MenuProps['items'] = [
    { key: 'restart', icon: <ReloadOutlined />, label: t('servers.actions.restart'), disabled: !canRestart, onClick: onRestart, 'data-testid': 'server-restart' },
    { key: 'copy', icon: <CopyOutlined />, label: t('servers.actions.copyJson'), onClick: () => void copy(), 'data-testid': 'server-copy-json' }
  ]
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<MoreOutlined />} aria-label={t('servers.actions.more', { name: server.name })} data-testid="server-more" />
    </Dropdown>
  )
}
