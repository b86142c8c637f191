import { ApartmentOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useOpenTraceWindow } from '@renderer/hooks/useOpenTraceWindow'

/** Opens the Trace window on one call's trace (from a line in the Logs or the Messages tab). */
export function OpenTraceButton({ traceId, testId }: { traceId: string; testId: string }) {
  const { t } = useTranslation()
  const openTrace = useOpenTraceWindow()
  return (
    <Button
      size="small"
      type="link"
      icon={<ApartmentOutlined />}
      aria-label={t('trace.openCall')}
      title={t('trace.openCall')}
      data-testid={testId}
      data-trace-id={traceId}
      style={{ flexShrink: 0, height: 'auto', padding: '0 4px' }}
      onClick={(event) => {
        // the row around it opens the message's body on a click of its own
        event.stopPropagation()
        void openTrace(traceId)
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {t('trace.openShort')}
    </Button>
  )
}
