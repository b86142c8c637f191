import { Alert, Descriptions, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { MissingRuntimeNote } from '@renderer/components/runtimes/MissingRuntimeNote'
import { CommandText } from './CommandText'
import { serverTarget, serverTypeKey } from './serverTarget'

/**
 * Shown before the first start of a server the user did not type in (import, deep link, a preset of
 * the app's catalogue, which says so rather than "from outside"): the whole
 * command line, where it runs, and which variables it gets (values hidden).
 */
export function StartApprovalDialog({
  server,
  onConfirm,
  onCancel
}: {
  server: McpServer | null
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const envKeys = Object.keys((server && anyKindFields(server).env) || {})
  return (
    <Modal
      open={server !== null}
      title={t('serverRuntime.approval.title', { name: server?.name ?? '' })}
      okText={t('serverRuntime.approval.start')}
      cancelText={t('serverRuntime.approval.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'approval-confirm' }}
      cancelButtonProps={{ 'data-testid': 'approval-cancel', autoFocus: true }}
      destroyOnHidden
    >
      {server && (
        <div data-testid="approval-dialog">
          <Alert
            type="warning"
            showIcon
            title={server.installSource === 'preset' ? t('serverRuntime.approval.presetWarning') : t('serverRuntime.approval.warning')}
            style={{ marginBottom: 16 }}
            data-testid="approval-warning"
          />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('servers.columns.type')}>{t(`servers.types.${serverTypeKey(server)}`)}</Descriptions.Item>
            <Descriptions.Item label={server.type === 'stdio' ? t('serverRuntime.approval.command') : t('serverRuntime.approval.url')}>
              <CommandText text={serverTarget(server)} testId="approval-command" />
            </Descriptions.Item>
            {server.type === 'stdio' && server.cwd && <Descriptions.Item label={t('serverRuntime.approval.cwd')}>{server.cwd}</Descriptions.Item>}
            {envKeys.length > 0 && (
              <Descriptions.Item label={t('serverRuntime.approval.env')}>
                {envKeys.map((k) => `${k}=••••`).join('\n')}
              </Descriptions.Item>
            )}
          </Descriptions>
          <MissingRuntimeNote command={server.type === 'stdio' ? server.command : undefined} style={{ marginTop: 16 }} />
        </div>
      )}
    </Modal>
  )
}
