import { CopyOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons'
import { App, Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { exportMcpServersJson } from './exportConfig'

/**
 * A row's less frequent actions: Restart a running (or failed) server without switching it off,
 * and Copy as JSON (the one server as `mcpServers`, for another app or a bug report).
 */
export function ServerRowMenu({ server, canRestart, onRestart }: { server: McpServer; canRestart: boolean; onRestart: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exportMcpServersJson([server]))
      void message.success(t('servers.actions.copiedJson', { name: server.name }))
    } catch (error) {
      void message.error(t('serverExport.copyFailed', { message: error instanceof Error ? error.message : String(error) }))
    }
  }
  const items: MenuProps['items'] = [
    { key: 'restart', icon: <ReloadOutlined />, label: t('servers.actions.restart'), disabled: !canRestart, onClick: onRestart, 'data-testid': 'server-restart' } as never,
    { key: 'copy', icon: <CopyOutlined />, label: t('servers.actions.copyJson'), onClick: () => void copy(), 'data-testid': 'server-copy-json' } as never
  ]
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<MoreOutlined />} aria-label={t('servers.actions.more', { name: server.name })} data-testid="server-more" />
    </Dropdown>
  )
}
