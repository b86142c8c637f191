import { Empty, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { CatalogueCards } from '@renderer/components/catalogue/CatalogueCards'

/** The first run: no servers yet, and the built-ins and presets to start with. */
export function ServerListEmpty() {
  const { t } = useTranslation()
  return (
    <>
      <Empty
        data-testid="server-list-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        style={{ margin: 0 }}
        description={
          <>
            <Typography.Text strong>{t('servers.emptyTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('servers.emptyDescription')}</Typography.Text>
          </>
        }
      />
      <CatalogueCards />
    </>
  )
}
