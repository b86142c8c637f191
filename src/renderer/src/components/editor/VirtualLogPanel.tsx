import { observeElementRect, useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual'
import { Empty, theme } from 'antd'
import { useRef, type ReactNode, type RefObject, type UIEventHandler } from 'react'
import { useFillHeight } from '@renderer/hooks/useFillHeight'

export interface VirtualLog {
  scrollRef: RefObject<HTMLDivElement | null>
  virtualizer: Virtualizer<HTMLDivElement, Element>
  height: number
}

/**
 * A virtualised list of log-like rows of unknown height (the Logs and the Messages tabs): only the
 * rows on screen are in the DOM, so ten thousand lines scroll like ten. The panel fills the window
 * down to its bottom edge.
 */
export function useVirtualLog({ count, estimate, getItemKey }: { count: number; estimate: number; getItemKey?: (index: number) => number }): VirtualLog {
  const scrollRef = useRef<HTMLDivElement>(null)
  const height = useFillHeight(scrollRef)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 12,
    ...(getItemKey && { getItemKey }),
    // before the first layout (and where there is none, as in jsdom) the panel has its styled height
    initialRect: { width: 800, height },
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width || 800, height })),
    measureElement: (element) => element.getBoundingClientRect().height || estimate
  })
  return { scrollRef, virtualizer, height }
}

/** The scrolling panel of a `useVirtualLog` list: its rows, or `empty` when there are none. */
export function VirtualLogPanel({
  log,
  label,
  testId,
  empty,
  onScroll,
  tabIndex,
  renderRow
}: {
  log: VirtualLog
  label: string
  testId: string
  /** shown instead of rows; undefined when there are rows */
  empty?: { description: string; testId: string }
  onScroll?: UIEventHandler<HTMLDivElement>
  tabIndex?: number
  renderRow: (row: VirtualItem) => ReactNode
}) {
  const { token } = theme.useToken()
  const { scrollRef, virtualizer, height } = log
  return (
    <div
      ref={scrollRef}
      role="log"
      aria-live="off"
      aria-label={label}
      tabIndex={tabIndex}
      data-testid={testId}
      onScroll={onScroll}
      style={{
        height,
        overflow: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM
      }}
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ paddingTop: 48 }} description={empty.description} data-testid={empty.testId} />
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>{virtualizer.getVirtualItems().map(renderRow)}</div>
      )}
    </div>
  )
}
