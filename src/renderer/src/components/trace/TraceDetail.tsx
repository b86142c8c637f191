import { Empty, Spin, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useNow } from '@renderer/hooks/useNow'
import { useTraceSpans } from '@renderer/hooks/useTraceSpans'
import { SpanDetails } from './SpanDetails'
import { TraceWaterfall } from './TraceWaterfall'

/** One trace: its waterfall above, the selected span's details below (the root until another is picked). */
export function TraceDetail({ traceId }: { traceId: string }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { spans, loading, error } = useTraceSpans(traceId)
  const [selectedId, setSelectedId] = useState<string>()
  const now = useNow(spans.some((span) => span.status === 'running'))

  useEffect(() => setSelectedId(undefined), [traceId])

  if (error) return <ErrorText error={describeError(error)} testId="trace-detail-error" />
  if (!spans.length) {
    return loading ? <Spin style={{ display: 'block', paddingTop: 48 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trace.detail.gone')} data-testid="trace-gone" />
  }
  // the root is the span whose parent is not in this trace
  const ids = new Set(spans.map((span) => span.spanId))
  const selected = spans.find((span) => span.spanId === selectedId) ?? spans.find((span) => !span.parentSpanId || !ids.has(span.parentSpanId)) ?? spans[0]
  return (
    <div data-testid="trace-detail" data-trace-id={traceId} style={{ display: 'flex', flexDirection: 'column', gap: token.margin }}>
      <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer }}>
        <TraceWaterfall spans={spans} now={now} selectedId={selected.spanId} onSelect={setSelectedId} />
      </div>
      <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer, padding: token.padding }}>
        <SpanDetails span={selected} now={now} />
      </div>
    </div>
  )
}
