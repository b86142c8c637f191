import { Empty, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** Nothing traced yet: says what will appear here once MCP operations run, and what "Calls only" hides. */
export function TraceEmpty({ routineHidden }: { routineHidden: boolean }) {
  const { t } = useTranslation()
  return (
    <Empty
      data-testid="trace-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ paddingTop: 48 }}
      description={
        <>
          <Typography.Text strong>{t('trace.emptyTitle')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('trace.emptyDescription')}</Typography.Text>
          {routineHidden ? (
            <>
              <br />
              <Typography.Text type="secondary" data-testid="trace-empty-routine">
                {t('trace.routineHidden')}
              </Typography.Text>
            </>
          ) : null}
        </>
      }
    />
  )
}
