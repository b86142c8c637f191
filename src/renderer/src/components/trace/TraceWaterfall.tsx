import { theme, Typography } from 'antd'
import { useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TraceSpan } from '@shared/trace/spans'
import { SpanBar } from './SpanBar'
import { formatMs } from './spanFormat'
import { spanRows, traceWindow } from './spanTree'

const TICKS = [0, 0.25, 0.5, 0.75, 1]

/**
 * A trace's spans as a waterfall: each under its parent, indented, its bar on one time axis from
 * the trace's first start to its last end. ↑/↓ move the selection; the details follow it.
 */
export function TraceWaterfall({
  spans,
  now,
  selectedId,
  onSelect
}: {
  spans: readonly TraceSpan[]
  now: number
  selectedId?: string
  onSelect: (spanId: string) => void
}) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const listRef = useRef<HTMLDivElement>(null)
  const rows = spanRows(spans)
  const axis = traceWindow(spans, now)
  const index = Math.max(0, rows.findIndex((row) => row.span.spanId === selectedId))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : undefined
    if (to === undefined || !rows.length) return
    event.preventDefault()
    const next = rows[Math.max(0, Math.min(rows.length - 1, to))]
    onSelect(next.span.spanId)
    listRef.current?.querySelector(`[data-span-id="${next.span.spanId}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }

  return (
    <div data-testid="trace-waterfall">
      <div style={{ display: 'flex', fontSize: token.fontSizeSM, color: token.colorTextTertiary, borderBottom: `1px solid ${token.colorSplit}` }}>
        <div style={{ width: '35%', flexShrink: 0, padding: '2px 8px' }}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('trace.detail.waterfall')}
          </Typography.Text>
        </div>
        <div style={{ position: 'relative', flex: 1, height: 20, marginInlineEnd: 48 }} aria-hidden>
          {TICKS.map((tick) => (
            <span key={tick} style={{ position: 'absolute', left: `${tick * 100}%`, transform: tick ? 'translateX(-50%)' : undefined, whiteSpace: 'nowrap' }}>
              {formatMs((axis.end - axis.start) * tick)}
            </span>
          ))}
        </div>
      </div>
      <div
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label={t('trace.detail.waterfall')}
        aria-activedescendant={rows.length ? `span-option-${rows[index].span.spanId}` : undefined}
        onKeyDown={onKeyDown}
        style={{ maxHeight: 280, overflow: 'auto' }}
      >
        {rows.map(({ span, depth }) => {
          const selected = span.spanId === selectedId
          return (
            <div
              key={span.spanId}
              id={`span-option-${span.spanId}`}
              role="option"
              aria-selected={selected}
              data-testid="span-row"
              data-span-id={span.spanId}
              data-span-name={span.name}
              onClick={() => onSelect(span.spanId)}
              style={{ display: 'flex', alignItems: 'center', cursor: 'pointer', background: selected ? token.controlItemBgActive : undefined, borderBottom: `1px solid ${token.colorSplit}` }}
            >
              <div
                style={{
                  width: '35%',
                  flexShrink: 0,
                  padding: '2px 8px',
                  paddingInlineStart: 8 + depth * 14,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  fontFamily: token.fontFamilyCode,
                  fontSize: token.fontSizeSM,
                  color: span.status === 'error' ? token.colorError : token.colorText
                }}
                title={span.name}
              >
                {span.name}
              </div>
              <div style={{ flex: 1, minWidth: 0, marginInlineEnd: 48 }}>
                <SpanBar span={span} axis={axis} now={now} />
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}
