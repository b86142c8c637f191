import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { Button, Flex, Spin, Tag, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { DiscoveryListing } from '@shared/discovery/listing'
import { RUNTIME_LABEL, runtimeOf, type RuntimeName } from '@shared/mcp/runtimeOf'

const ROW_HEIGHT = 92
const HEIGHT = 440

/** The results, only the rows on screen drawn; scrolling near the end asks for the next page. */
export function DiscoveryResults({ items, hasMore, loading, missing, onMore, onAdd }: { items: DiscoveryListing[]; hasMore: boolean; loading: boolean; missing: ReadonlySet<RuntimeName>; onMore: () => void; onAdd: (item: DiscoveryListing & { ok: true }) => void }) {
  const { t } = useTranslation()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 800, height: HEIGHT },
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width || 800, height: HEIGHT }))
  })
  const visible = virtualizer.getVirtualItems()
  const last = visible.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && !loading && last >= items.length - 5) onMore()
  }, [hasMore, loading, last, items.length, onMore])

  return (
    <div ref={scrollRef} role="list" aria-label={t('discovery.results')} style={{ height: HEIGHT, overflowY: 'auto' }} data-testid="discovery-results">
      <div style={{ height: virtualizer.getTotalSize() + (loading ? 40 : 0), position: 'relative' }}>
        {visible.map((row) => {
          const item = items[row.index]
          return (
            <div key={row.key} role="listitem" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
              <ResultRow item={item} missing={missing} onAdd={onAdd} />
            </div>
          )
        })}
        {loading && (
          <Flex justify="center" style={{ position: 'absolute', top: virtualizer.getTotalSize(), left: 0, right: 0 }}>
            <Spin size="small" data-testid="discovery-loading-more" />
          </Flex>
        )}
      </div>
    </div>
  )
}

function ResultRow({ item, missing, onAdd }: { item: DiscoveryListing; missing: ReadonlySet<RuntimeName>; onAdd: (item: DiscoveryListing & { ok: true }) => void }) {
  const { t } = useTranslation()
  if (!item.ok) {
    return (
      <Flex vertical gap={2} style={{ padding: '8px 4px', borderBottom: '1px solid rgba(128,128,128,0.2)' }} data-testid="discovery-refused">
        <Typography.Text strong>{item.name}</Typography.Text>
        <Typography.Text type="danger">{t('discovery.refused', { problem: item.problem })}</Typography.Text>
      </Flex>
    )
  }
  const { plan } = item
  const runtime = plan.runs === 'remote' ? undefined : runtimeOf(plan.runs)
  return (
    <Flex gap={12} align="center" style={{ padding: '8px 4px', borderBottom: '1px solid rgba(128,128,128,0.2)' }} data-testid="discovery-item">
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} align="baseline" wrap>
          {plan.title && <Typography.Text strong>{plan.title}</Typography.Text>}
          <Typography.Text type={plan.title ? 'secondary' : undefined} strong={!plan.title} code>
            {plan.name}
          </Typography.Text>
          <Tag>{plan.version}</Tag>
          <Tag color="blue">{t(`discovery.runs.${plan.runs}`)}</Tag>
          {runtime && missing.has(runtime) && (
            <Tag color="red" data-testid="discovery-runtime-missing">
              {t('discovery.runtimeMissing', { name: RUNTIME_LABEL[runtime] })}
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary" ellipsis>
          {plan.description}
        </Typography.Text>
        <Flex gap={12}>
          <Typography.Text type="secondary">{t('discovery.publisher', { namespace: plan.namespace })}</Typography.Text>
          {plan.repositoryUrl && (
            <Typography.Link href={plan.repositoryUrl} target="_blank" rel="noreferrer">
              {t('discovery.repository')}
            </Typography.Link>
          )}
        </Flex>
      </Flex>
      <Button onClick={() => onAdd(item)} aria-label={t('discovery.addNamed', { name: plan.name })} data-testid="discovery-add">
        {t('discovery.add')}
      </Button>
    </Flex>
  )
}
