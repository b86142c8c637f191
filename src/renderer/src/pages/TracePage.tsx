import { Empty, Layout, theme, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { TopBar } from '@renderer/components/layout/TopBar'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/**
 * The Trace window. Spans arrive with the tracing issue (SPEC §R); until then it says truthfully
 * that there is nothing to show and what will appear.
 */
export function TracePage() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  useDocumentTitle(t('trace.windowTitle'))
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar title={t('trace.title')} />
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Empty
          data-testid="trace-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('trace.emptyTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('trace.emptyDescription')}</Typography.Text>
            </>
          }
        />
      </Layout.Content>
    </Layout>
  )
}
