import { CopyOutlined, DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { isBuiltinServer } from '@shared/mcp/builtin'
import { useCopyText } from '@renderer/hooks/useCopyText'
import { useServers } from '@renderer/hooks/useServers'
import { downloadText } from './download'
import { exportMcpServersJson } from './exportConfig'
import { LazyJsonEditor } from './LazyJsonEditor'

export const EXPORT_FILE_NAME = 'mcp-servers.json'

/** The whole list as `mcpServers` JSON: download it as a file or copy it. */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const copyText = useCopyText()
  const servers = useServers()
  // written only while the dialog is open: the closed dialog lives in the toolbar of every list,
  // and 10,000 servers are tens of milliseconds of JSON at each change
  const text = useMemo(() => (open ? exportMcpServersJson(servers) : ''), [open, servers])
  const hasBuiltins = useMemo(() => open && servers.some(isBuiltinServer), [open, servers])

  const copy = () => copyText(text, { copied: t('serverExport.copied'), failed: (reason) => t('serverExport.copyFailed', { message: reason }) })

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={760}
      title={t('serverExport.title', { count: servers.length })}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="export-copy">
          {t('serverExport.copy')}
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => downloadText(EXPORT_FILE_NAME, text)}
          data-testid="export-download"
        >
          {t('serverExport.download')}
        </Button>
      ]}
    >
      <Flex vertical gap="middle" data-testid="export-dialog">
        <Alert type="warning" showIcon title={t('serverExport.secretsWarning')} />
        {hasBuiltins ? <Alert type="info" showIcon title={t('serverExport.builtinsNote')} data-testid="export-builtins-note" /> : null}
        <LazyJsonEditor value={text} readOnly ariaLabel={t('serverExport.editorLabel')} testId="export-json" height="360px" />
      </Flex>
    </Modal>
  )
}
