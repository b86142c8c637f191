import { theme } from 'antd'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { TraceSpan } from '@shared/trace/spans'
import { formatMs, spanDuration } from './spanFormat'

/** Where a time falls on the axis, in percent. */
const at = (time: number, axis: { start: number; end: number }) => ((time - axis.start) / (axis.end - axis.start)) * 100

/** The duration label: after the bar, before it when the bar ends near the right edge, or inside a bar that fills the axis. */
function labelPlace(left: number, width: number, inside: string): CSSProperties {
  if (left + width <= 80) return { left: `calc(${left + width}% + 6px)` }
  if (left >= 20) return { right: `calc(${100 - left}% + 6px)` }
  return { right: `calc(${Math.max(0, 100 - left - width)}% + 6px)`, color: inside, fontWeight: 600 }
}

/**
 * A span's bar on the trace's time axis, with its events (progress, logs, requests) marked where
 * they happened. A running span's bar reaches `now` and grows with it; a failed one is red.
 */
export function SpanBar({ span, axis, now }: { span: TraceSpan; axis: { start: number; end: number }; now: number }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const left = at(span.start, axis)
  const width = Math.max(at(span.end ?? now, axis) - left, 0.4)
  const color = span.status === 'error' ? token.colorError : span.status === 'running' ? token.colorWarning : token.colorPrimary
  const duration = formatMs(spanDuration(span, now))
  return (
    <div style={{ position: 'relative', height: 20 }}>
      <div
        data-testid="span-bar"
        data-status={span.status}
        title={duration}
        style={{
          position: 'absolute',
          top: 4,
          height: 12,
          left: `${left}%`,
          width: `${width}%`,
          background: color,
          opacity: span.status === 'running' ? 0.75 : 1,
          borderRadius: 3,
          transition: 'width 0.2s linear'
        }}
      />
      {span.events.map((event, index) => (
        <div
          key={index}
          data-testid="span-event-marker"
          data-event={event.name}
          title={t('trace.detail.eventAt', { name: event.name, offset: formatMs(event.time - span.start) })}
          style={{
            position: 'absolute',
            top: 1,
            height: 18,
            width: 2,
            left: `calc(${Math.min(at(event.time, axis), 100)}% - 1px)`,
            background: event.name === 'log' ? token.colorTextTertiary : token.colorText,
            borderRadius: 1
          }}
        />
      ))}
      <span
        style={{
          position: 'absolute',
          top: 2,
          fontSize: token.fontSizeSM,
          lineHeight: '16px',
          color: token.colorTextSecondary,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          ...labelPlace(left, width, token.colorTextLightSolid)
        }}
      >
        {duration}
      </span>
    </div>
  )
}
