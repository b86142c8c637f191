import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TraceSpan } from '@shared/trace/spans'

const COLOR: Record<TraceSpan['status'], string> = { running: 'processing', ok: 'success', error: 'error' }

/** Running, OK or Error, in the colours antd gives them in light and dark. */
export function SpanStatusTag({ status }: { status: TraceSpan['status'] }) {
  const { t } = useTranslation()
  return (
    <Tag color={COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="span-status" data-status={status}>
      {t(`trace.status.${status}`)}
    </Tag>
  )
}
