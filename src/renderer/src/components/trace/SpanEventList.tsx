import { Empty, Tag, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TraceSpan, TraceSpanEvent } from '@shared/trace/spans'
import { attributeText, formatMs } from './spanFormat'

const COLOR: Record<string, string> = { progress: 'blue', log: 'default', cancel: 'orange', elicitation: 'purple', sampling: 'purple', 'request-done': 'cyan' }

/** What an event says in one line: progress as `3/10 message`, a log line as its level and text. */
function eventText(event: TraceSpanEvent): string {
  const { progress, total, message, level, ...rest } = event.attributes
  if (event.name === 'progress') return [total !== undefined ? `${String(progress)}/${String(total)}` : String(progress), message].filter(Boolean).join(' ')
  if (event.name === 'log') return [level ? `[${String(level)}]` : '', message ?? ''].filter(Boolean).join(' ')
  return Object.entries({ message, ...rest })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${attributeText(value!)}`)
    .join(', ')
}

/** A span's events in order, each at its offset from the span's start. */
export function SpanEventList({ span }: { span: TraceSpan }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  if (!span.events.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trace.detail.noEvents')} data-testid="span-events-empty" />
  return (
    <ol data-testid="span-events" style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: token.fontSizeSM }}>
      {span.events.map((event, index) => (
        <li key={index} data-testid="span-event" data-event={event.name} style={{ display: 'flex', gap: 8, alignItems: 'baseline', padding: '2px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
          <span style={{ color: token.colorTextSecondary, minWidth: 64, fontFamily: token.fontFamilyCode }}>+{formatMs(event.time - span.start)}</span>
          <Tag color={COLOR[event.name] ?? 'default'} style={{ marginInlineEnd: 0 }}>
            {event.name}
          </Tag>
          <span style={{ wordBreak: 'break-word', color: event.attributes.level === 'error' ? token.colorError : token.colorText }}>{eventText(event)}</span>
        </li>
      ))}
    </ol>
  )
}
