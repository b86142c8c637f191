import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined } from '@ant-design/icons'
import { Button, Tag, theme } from 'antd'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpMessageEntry, McpMessageKind } from '@shared/mcp/messages'
import { JsonTree } from '@renderer/components/results/JsonTree'
import { OpenTraceButton } from '@renderer/components/trace/OpenTraceButton'
import { formatTime } from '../logFormat'
import { formatDuration } from './messageFilter'
import { useCopyText } from '@renderer/hooks/useCopyText'

const KIND_COLOR: Record<McpMessageKind, string> = { request: 'blue', response: 'green', notification: 'purple', error: 'red' }

export interface MessageRowProps {
  entry: McpMessageEntry
  index: number
  start: number
  expanded: boolean
  /** the trace of the tool call this message belongs to, which a button opens */
  traceId?: string
  onToggle: () => void
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void
  measure: (element: Element | null) => void
}

/** One message: time, direction, method, kind, id and duration; Enter or a click shows its body. */
export function MessageRow({ entry, index, start, expanded, traceId, onToggle, onKeyDown, measure }: MessageRowProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const copyText = useCopyText()
  const out = entry.direction === 'out'
  const body = useRef<HTMLDivElement>(null)
  // an opened body below the fold is brought into view (jsdom has no scrolling to do)
  useEffect(() => {
    if (expanded) body.current?.scrollIntoView?.({ block: 'nearest' })
  }, [expanded])
  const copy = () => copyText(JSON.stringify(entry, null, 2), { copied: t('messages.copied'), failed: (reason) => t('messages.copyFailed', { message: reason }) })
  return (
    <div
      ref={measure}
      data-index={index}
      data-testid="messages-entry"
      data-direction={entry.direction}
      data-kind={entry.kind}
      data-method={entry.method ?? ''}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        onClick={onToggle}
        onKeyDown={onKeyDown}
        data-testid="messages-entry-toggle"
        style={{ display: 'flex', gap: 8, padding: '3px 8px', alignItems: 'baseline', cursor: 'pointer' }}
      >
        <span style={{ color: token.colorTextSecondary, flexShrink: 0 }}>{formatTime(entry.time)}</span>
        <span
          title={t(out ? 'messages.sent' : 'messages.received')}
          aria-label={t(out ? 'messages.sent' : 'messages.received')}
          style={{ color: out ? token.colorPrimary : token.colorSuccess, flexShrink: 0 }}
        >
          {out ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
        </span>
        <Tag color={KIND_COLOR[entry.kind]} style={{ flexShrink: 0, marginInlineEnd: 0, minWidth: 84, textAlign: 'center' }}>
          {t(`messages.kind.${entry.kind}`)}
        </Tag>
        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: entry.kind === 'error' ? token.colorError : token.colorText }}>
          {entry.method ?? t('messages.noMethod')}
          {entry.id !== undefined ? <span style={{ color: token.colorTextTertiary }}>{` #${entry.id}`}</span> : null}
        </span>
        {traceId ? <OpenTraceButton traceId={traceId} testId="messages-open-trace" /> : null}
        {entry.durationMs !== undefined ? (
          <span style={{ color: token.colorTextSecondary, flexShrink: 0 }} data-testid="messages-entry-duration">
            {formatDuration(entry.durationMs)}
          </span>
        ) : null}
      </div>
      {expanded ? (
        <div ref={body} style={{ padding: '4px 8px 8px 32px', fontFamily: token.fontFamily }} data-testid="messages-entry-body">
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="messages-copy" style={{ marginBottom: 4 }}>
            {t('messages.copy')}
          </Button>
          <JsonTree data={entry.body} />
        </div>
      ) : null}
    </div>
  )
}
