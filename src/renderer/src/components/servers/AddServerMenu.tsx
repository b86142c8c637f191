import { AppstoreOutlined, DownOutlined, ExportOutlined, FileAddOutlined, ImportOutlined, GlobalOutlined, LinkOutlined, PlusOutlined, AppstoreAddOutlined } from '@ant-design/icons'
import { Button, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServers } from '@renderer/hooks/useServers'
import { CatalogueDialog } from '@renderer/components/catalogue/CatalogueDialog'
import { DiscoveryDialog } from '@renderer/components/discovery/DiscoveryDialog'
import { useExtensionInstall } from '@renderer/components/extensions/ExtensionInstallProvider'
import { InstallLinkDialog } from '@renderer/components/installLinks/InstallLinkDialog'
import { PasteLinkDialog } from '@renderer/components/installLinks/PasteLinkDialog'
import { ExportDialog } from './ExportDialog'
import { ImportDialog } from './ImportDialog'

/** "Add server": built-ins and presets, quick create, import JSON, install an extension (.mcpb/.dxt), paste an install link, export. */
export function AddServerMenu({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation()
  const count = useServers().length
  const [dialog, setDialog] = useState<'catalogue' | 'discovery' | 'import' | 'export' | 'paste' | null>(null)
  // a pasted link the parser accepted, shown in the same approval view as a link the OS opened
  const [pasted, setPasted] = useState<{ id: number; link: string }>()
  const installExtension = useExtensionInstall()

  const items: MenuProps['items'] = [
    { key: 'catalogue', icon: <AppstoreOutlined />, label: t('catalogue.menuItem'), 'data-testid': 'add-menu-catalogue' },
    { key: 'discovery', icon: <GlobalOutlined />, label: t('discovery.menuItem'), 'data-testid': 'add-menu-discovery' },
    { key: 'quick', icon: <FileAddOutlined />, label: t('servers.add.quick'), 'data-testid': 'add-menu-quick' },
    { key: 'import', icon: <ImportOutlined />, label: t('servers.add.importJson'), 'data-testid': 'add-menu-import' },
    ...(installExtension ? [{ key: 'extension', icon: <AppstoreAddOutlined />, label: t('extensionInstall.menuItem'), 'data-testid': 'add-menu-extension' }] : []),
    { key: 'paste', icon: <LinkOutlined />, label: t('installLink.pasteMenuItem'), 'data-testid': 'add-menu-paste-link' },
    { type: 'divider' },
    { key: 'export', icon: <ExportOutlined />, label: t('servers.add.export'), disabled: count === 0, 'data-testid': 'add-menu-export' }
  ]
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'quick') onCreate()
    else if (key === 'extension') installExtension?.()
    else setDialog(key as 'catalogue' | 'discovery' | 'import' | 'export' | 'paste')
  }

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="primary" icon={<PlusOutlined />} data-testid="add-server">
          {t('servers.add.button')} <DownOutlined />
        </Button>
      </Dropdown>
      <CatalogueDialog open={dialog === 'catalogue'} onClose={() => setDialog(null)} />
      {dialog === 'discovery' && <DiscoveryDialog onClose={() => setDialog(null)} />}
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
      <ExportDialog open={dialog === 'export'} onClose={() => setDialog(null)} />
      {dialog === 'paste' && (
        <PasteLinkDialog
          onClose={() => setDialog(null)}
          onLink={(link) => {
            setDialog(null)
            setPasted((last) => ({ id: (last?.id ?? 0) + 1, link }))
          }}
        />
      )}
      {pasted && <InstallLinkDialog key={pasted.id} link={pasted.link} onClose={() => setPasted(undefined)} />}
    </>
  )
}
