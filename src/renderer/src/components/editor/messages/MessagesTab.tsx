import { Alert, App, Flex } from 'antd'
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpMessageEntry } from '@shared/mcp/messages'
import type { McpServer } from '@shared/mcp/server'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useServerMessages } from '@renderer/hooks/useServerMessages'
import { callTraces } from './callTraces'
import { MessageRow } from './MessageRow'
import { arrivedSince, filterMessages, type DirectionFilter } from './messageFilter'
import { MessagesToolbar } from './MessagesToolbar'
import { useVirtualLog, VirtualLogPanel } from '../VirtualLogPanel'

const ROW_ESTIMATE = 28

/**
 * Every JSON-RPC message the host and the server exchanged: filter by method and direction,
 * pause the view, a click (or Enter) opens a message's body as a tree. Only the rows on screen are
 * in the DOM. Distinct from the Trace window, which shows spans of operations.
 */
export function MessagesTab({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { entries, error, clear } = useServerMessages(server.id)
  const [method, setMethod] = useState('')
  const [direction, setDirection] = useState<DirectionFilter>('all')
  // keep-alive pings are half the traffic of an idle server: folded into a count by default
  const [showPings, setShowPings] = useState(false)
  // paused: the view keeps what it showed when paused; what arrives is counted, not shown
  const [frozen, setFrozen] = useState<readonly McpMessageEntry[] | null>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set())
  const base = frozen ?? entries
  const deferredMethod = useDeferredValue(method)
  const { shown, pingsHidden } = useMemo(() => filterMessages(base, deferredMethod, direction, showPings), [base, deferredMethod, direction, showPings])
  const traces = useMemo(() => callTraces(base), [base])
  const log = useVirtualLog({ count: shown.length, estimate: ROW_ESTIMATE, getItemKey: (index) => shown[index].seq })
  const { scrollRef, virtualizer } = log

  // the newest stay in view while the user is at the bottom; scrolling up to read stops that
  const atBottom = useRef(true)
  useEffect(() => {
    if (atBottom.current && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' })
  }, [shown, virtualizer])
  const onScroll = () => {
    const el = scrollRef.current
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_ESTIMATE
  }

  const toggle = (seq: number) =>
    setExpanded((open) => {
      const next = new Set(open)
      if (!next.delete(seq)) next.add(seq)
      return next
    })

  /** Enter or Space opens a message; the arrow keys move between them. */
  const onRowKey = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      toggle(shown[index].seq)
      return
    }
    const to = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : -1
    if (to < 0 || to >= shown.length) return
    event.preventDefault()
    virtualizer.scrollToIndex(to)
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${to}"] [role="button"]`)?.focus())
  }

  const onClear = () => {
    clear().then(
      () => {
        setFrozen((was) => (was ? [] : null))
        setExpanded(new Set())
      },
      (failure: unknown) => void message.error(t('messages.clearFailed', { message: errorLine(t, describeError(failure)) }))
    )
  }

  return (
    <Flex vertical gap="middle" data-testid="messages-tab">
      <MessagesToolbar
        method={method}
        onMethod={setMethod}
        direction={direction}
        onDirection={setDirection}
        showPings={showPings}
        onShowPings={setShowPings}
        pingsHidden={pingsHidden}
        paused={frozen !== null}
        arrived={frozen ? arrivedSince(entries, frozen) : 0}
        onPause={(pause) => setFrozen(pause ? entries : null)}
        shown={shown.length}
        total={base.length}
        onClear={onClear}
      />
      {error ? <Alert type="warning" showIcon title={t('messages.loadFailed', { message: errorLine(t, describeError(error)) })} data-testid="messages-error" /> : null}
      <VirtualLogPanel
        log={log}
        label={t('messages.label', { name: server.name })}
        testId="messages-list"
        onScroll={onScroll}
        empty={shown.length === 0 ? { description: base.length === 0 ? t('messages.empty') : t('messages.noMatch'), testId: 'messages-empty' } : undefined}
        renderRow={(row) => (
          <MessageRow
            key={row.key}
            entry={shown[row.index]}
            index={row.index}
            start={row.start}
            expanded={expanded.has(shown[row.index].seq)}
            traceId={traces.get(shown[row.index].seq)}
            onToggle={() => toggle(shown[row.index].seq)}
            onKeyDown={onRowKey(row.index)}
            measure={virtualizer.measureElement}
          />
        )}
      />
    </Flex>
  )
}
