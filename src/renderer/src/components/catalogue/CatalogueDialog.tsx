import { Button, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { CatalogueCards } from './CatalogueCards'

/** The same cards as the first run, from the Add server menu once the list is no longer empty. */
export function CatalogueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      title={t('catalogue.dialogTitle')}
      onCancel={onClose}
      width={1040}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="catalogue-close">
          {t('catalogue.close')}
        </Button>
      }
    >
      <div data-testid="catalogue-dialog">
        <CatalogueCards />
      </div>
    </Modal>
  )
}
