import { Button, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { AppInfo } from './AppInfo'

/** About MCP Studio, from the side menu: what used to sit above the server list on every visit. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('appInfo.title')}
      // main is asked each time it opens: the mode and version are what runs now
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="about-close">
          {t('appInfo.close')}
        </Button>
      }
    >
      <div data-testid="about-dialog">
        <AppInfo />
      </div>
    </Modal>
  )
}
