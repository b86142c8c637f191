import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { ServerRow } from './ServerRow'
import { useServerReorder } from './useServerReorder'

// a row with a description; rows are measured once shown
const ROW_ESTIMATE = 96
const GAP = 8

/** The id of the row an event happened in, if any. */
const rowIdOf = (target: EventTarget | null) =>
  (target instanceof Element && target.closest<HTMLElement>('[data-testid="server-list-item"]')?.dataset.serverId) || null

/**
 * The servers shown, in order, as a virtual list on the page's own scroll: only the rows near the
 * screen are in the DOM, so 10,000 servers show as fast as 10. Drag (pointer or Space/arrows)
 * reorders among the rendered rows; the dragged and the focused row stay rendered wherever the
 * page scrolls, and a row moved with Alt+Arrow is scrolled into view.
 */
export function SortableServerRows({ servers, shown, onOpen }: { servers: McpServer[]; shown: McpServer[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation()
  const { announcements, onDragEnd, move } = useServerReorder(servers, shown)
  const sensors = useSensors(
    // a few pixels before a drag starts, so clicks on the handle stay clicks
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )
  const ids = useMemo(() => shown.map((s) => s.id), [shown])
  const indexOf = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids])

  // the rows that must stay in the DOM off screen: the one being dragged and the one with focus
  const [dragged, setDragged] = useState<string | null>(null)
  const [focused, setFocused] = useState<string | null>(null)
  const pinned = useMemo(
    () => [dragged, focused].map((id) => (id === null ? undefined : indexOf.get(id))).filter((i): i is number => i !== undefined),
    [dragged, focused, indexOf]
  )
  const rangeExtractor = useCallback(
    (range: Range) => [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b),
    [pinned]
  )

  // the list's distance from the top of the page: what sits above it (toolbar, a notice) can change
  const listRef = useRef<HTMLUListElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const list = listRef.current
    const parent = list?.parentElement
    if (!list || !parent) return
    const update = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(parent)
    return () => observer.disconnect()
  }, [])

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: shown.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => ids[index],
    rangeExtractor,
    // where there is no layout (jsdom) a row keeps its estimate instead of collapsing to 0
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE
  })

  // after an Alt+Arrow move, the moved row is scrolled into view (if it left it) once the new order shows
  const [reveal, setReveal] = useState<{ id: string; index: number } | null>(null)
  useEffect(() => {
    if (!reveal) return
    setReveal(null)
    const row = [...(listRef.current?.children ?? [])].find((el) => (el as HTMLElement).dataset.serverId === reveal.id)
    const rect = row?.getBoundingClientRect()
    if (!rect || rect.top < 0 || rect.bottom > window.innerHeight) virtualizer.scrollToIndex(reveal.index, { align: 'auto' })
  }, [reveal, shown, virtualizer])
  const moveAndReveal = useCallback(
    (id: string, step: -1 | 1) => {
      const index = move(id, step)
      if (index !== undefined) setReveal({ id, index })
    },
    [move]
  )

  const onFocus = (event: FocusEvent) => setFocused(rowIdOf(event.target))
  const onBlur = (event: FocusEvent) => {
    // focus leaving the list (not moving inside it) unpins the row
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // rows come and go while the page scrolls during a drag: measure the ones that arrive
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={({ active }) => setDragged(String(active.id))}
      onDragEnd={(event) => {
        setDragged(null)
        onDragEnd(event)
      }}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('servers.reorder.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul
          ref={listRef}
          aria-label={t('servers.title')}
          data-testid="server-rows"
          data-count={shown.length}
          onFocus={onFocus}
          onBlur={onBlur}
          style={{ margin: 0, padding: 0, position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => (
            <ServerRow
              key={item.key}
              server={shown[item.index]}
              index={item.index}
              start={item.start - scrollMargin}
              setSize={shown.length}
              measure={virtualizer.measureElement}
              onOpen={onOpen}
              onMove={moveAndReveal}
              sortable
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}
