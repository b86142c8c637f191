import { theme, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { GEN_AI_ATTR, TRACE_ATTR, type TraceSummary } from '@shared/trace/spans'
import { formatClock, formatMs, spanDuration } from './spanFormat'
import { SpanStatusTag } from './SpanStatusTag'

/** One recent operation: its name, server (a chat turn: its tokens), status, duration, when it started and its span count. */
export function TraceListRow({
  summary,
  now,
  selected,
  active,
  id,
  onSelect
}: {
  summary: TraceSummary
  now: number
  selected: boolean
  active: boolean
  id: string
  onSelect: () => void
}) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { root } = summary
  const input = root.attributes[GEN_AI_ATTR.inputTokens]
  const output = root.attributes[GEN_AI_ATTR.outputTokens]
  const server = typeof input === 'number' && typeof output === 'number' ? t('trace.list.tokens', { input, output }) : root.attributes[TRACE_ATTR.serverName]
  const status = summary.hasError ? 'error' : root.status
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      onClick={onSelect}
      data-testid="trace-row"
      data-trace-id={summary.traceId}
      data-status={status}
      style={{
        height: '100%',
        padding: '6px 10px',
        cursor: 'pointer',
        borderBottom: `1px solid ${token.colorSplit}`,
        borderInlineStart: `3px solid ${status === 'error' ? token.colorError : selected ? token.colorPrimary : 'transparent'}`,
        background: selected ? token.controlItemBgActive : active ? token.controlItemBgHover : undefined,
        outline: active ? `1px dashed ${token.colorPrimaryBorder}` : undefined,
        outlineOffset: -2
      }}
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Typography.Text
          strong
          ellipsis
          style={{ flex: 1, minWidth: 0, color: status === 'error' ? token.colorError : undefined }}
          data-testid="trace-row-name"
        >
          {root.name}
        </Typography.Text>
        <SpanStatusTag status={status} />
      </div>
      <div style={{ display: 'flex', gap: 8, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
        <span>{formatClock(root.start)}</span>
        <span data-testid="trace-row-duration">{formatMs(spanDuration(root, now))}</span>
        <span>{t('trace.list.spans', { count: summary.spanCount })}</span>
        {typeof server === 'string' ? (
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'end' }}>{server}</span>
        ) : null}
      </div>
    </div>
  )
}
