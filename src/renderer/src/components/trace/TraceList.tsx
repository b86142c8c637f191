import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { theme } from 'antd'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TraceSummary } from '@shared/trace/spans'
import { useFillHeight } from '@renderer/hooks/useFillHeight'
import { useNow } from '@renderer/hooks/useNow'
import { TraceListRow } from './TraceListRow'

const ROW_HEIGHT = 56

/**
 * Recent operations, newest first, as a listbox: only the rows on screen are drawn; ↑/↓ (Home,
 * End) move through it, Enter or a click opens one.
 */
export function TraceList({
  traces,
  selectedId,
  onSelect
}: {
  traces: readonly TraceSummary[]
  selectedId?: string
  onSelect: (traceId: string) => void
}) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const scrollRef = useRef<HTMLDivElement>(null)
  const height = useFillHeight(scrollRef, { min: 240, gap: 24 })
  const [active, setActive] = useState(0)
  // the cursor shows only while the list has the focus (a click or Tab)
  const [focused, setFocused] = useState(false)
  const now = useNow(traces.some((summary) => summary.root.status === 'running'))
  const virtualizer = useVirtualizer({
    count: traces.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => traces[index].traceId,
    // before the first layout (and in jsdom, which has none) the panel has its styled height
    initialRect: { width: 360, height },
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width || 360, height }))
  })
  const last = traces.length - 1
  const current = Math.min(active, Math.max(0, last))

  // a newly selected operation is where the arrows start from; a live refresh of the list leaves
  // the cursor where the user put it
  const synced = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (synced.current === selectedId) return
    const at = traces.findIndex((summary) => summary.traceId === selectedId)
    if (at < 0) return
    synced.current = selectedId
    setActive(at)
  }, [traces, selectedId])

  const move = (to: number) => {
    const next = Math.max(0, Math.min(last, to))
    setActive(next)
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!traces.length) return
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(current + 1),
      ArrowUp: () => move(current - 1),
      Home: () => move(0),
      End: () => move(last),
      Enter: () => onSelect(traces[current].traceId),
      ' ': () => onSelect(traces[current].traceId)
    }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }
  const optionId = (traceId: string) => `trace-option-${traceId}`

  return (
    <div
      ref={scrollRef}
      role="listbox"
      tabIndex={0}
      aria-label={t('trace.list.label')}
      aria-activedescendant={traces.length ? optionId(traces[current].traceId) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-testid="trace-list"
      style={{
        height,
        overflow: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const summary = traces[row.index]
          return (
            <div key={row.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
              <TraceListRow
                summary={summary}
                now={now}
                id={optionId(summary.traceId)}
                selected={summary.traceId === selectedId}
                active={focused && row.index === current}
                onSelect={() => {
                  setActive(row.index)
                  onSelect(summary.traceId)
                }}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
