import { Tag, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { logLevelOf, type ServerLogEntry, type ServerLogLevel } from '@shared/mcp/logs'
import { OpenTraceButton } from '@renderer/components/trace/OpenTraceButton'
import { formatTime, logLineText, traceIdOf } from './logFormat'

/** antd's preset tag colours read in light and dark; emergency is solid red so it stands out in both. */
const LEVEL_COLOR: Record<ServerLogLevel, string> = {
  debug: 'default',
  info: 'blue',
  notice: 'geekblue',
  warning: 'gold',
  error: 'red',
  critical: 'magenta',
  alert: 'purple',
  emergency: '#cf1322',
  stderr: 'volcano',
  stdout: 'cyan'
}

const SEVERE = new Set<ServerLogLevel>(['error', 'critical', 'alert', 'emergency'])

/** One line of the log: time, level, text (severe levels in the error colour). */
export function LogRow({
  entry,
  index,
  start,
  measure
}: {
  entry: ServerLogEntry
  index: number
  start: number
  measure: (element: Element | null) => void
}) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  // an entry from an older build may say "warn"
  const level = logLevelOf(entry.level)
  // a host line's data is only its call's trace: a button, not text
  const traceId = traceIdOf(entry)
  return (
    <div
      ref={measure}
      data-index={index}
      data-testid="logs-entry"
      data-level={level}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
        display: 'flex',
        gap: 8,
        padding: '3px 8px',
        borderBottom: `1px solid ${token.colorSplit}`,
        alignItems: 'baseline'
      }}
    >
      <span style={{ color: token.colorTextSecondary, flexShrink: 0 }}>{formatTime(entry.timestamp)}</span>
      <Tag color={LEVEL_COLOR[level]} style={{ flexShrink: 0, marginInlineEnd: 0, minWidth: 64, textAlign: 'center' }}>
        {t(`editor.logs.level.${level}`)}
      </Tag>
      <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: SEVERE.has(level) ? token.colorError : token.colorText }}>
        {logLineText(traceId ? { ...entry, data: undefined } : entry)}
      </span>
      {traceId ? <OpenTraceButton traceId={traceId} testId="logs-open-trace" /> : null}
    </div>
  )
}
