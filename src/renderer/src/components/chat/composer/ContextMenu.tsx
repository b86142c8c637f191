import { Button, Flex, Spin, Tag, Typography, theme } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContextItem } from './contextItems'

export interface ContextMenuProps {
  kind: 'prompt' | 'resource'
  /** what was typed after the `/` or `@` */
  query: string
  items: ContextItem[]
  active: number
  loading: boolean
  /** servers whose lists could not be had, or the whole list's failure */
  failures: { server?: string; message: string }[]
  onPick: (item: ContextItem) => void
  onActive: (index: number) => void
  onRetry: () => void
}

/**
 * The `/` (prompts) or `@` (resources) menu above the composer. The text box keeps the focus: its
 * arrow keys move the active line, Enter picks it, Esc closes (see Composer).
 */
export function ContextMenu({ kind, query, items, active, loading, failures, onPick, onActive, onRetry }: ContextMenuProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active])
  const empty = !loading && items.length === 0 && failures.length === 0
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        padding: token.paddingXXS,
        maxHeight: 280,
        overflowY: 'auto'
      }}
      ref={list}
      // the text box keeps the focus (and so the menu stays open) whatever is pressed in here
      onMouseDown={(e) => e.preventDefault()}
      data-testid={`chat-${kind}-menu`}
    >
      <Typography.Text type="secondary" style={{ display: 'block', padding: `2px ${token.paddingXS}px` }}>
        {t(kind === 'prompt' ? 'chat.context.promptsHint' : 'chat.context.resourcesHint')}
      </Typography.Text>
      {loading && items.length === 0 ? <Spin size="small" style={{ display: 'block', margin: 8 }} /> : null}
      {failures.map((f, i) => (
        <Flex key={i} align="center" gap={8} style={{ padding: `2px ${token.paddingXS}px` }} data-testid="chat-context-failure">
          <Typography.Text type="danger" style={{ flex: 1 }}>
            {f.server ? t('chat.context.serverFailed', { server: f.server, message: f.message }) : t('chat.context.loadFailed', { message: f.message })}
          </Typography.Text>
          <Button size="small" onClick={onRetry} data-testid="chat-context-retry">
            {t('chat.retry')}
          </Button>
        </Flex>
      ))}
      {empty ? (
        <Typography.Text style={{ display: 'block', padding: `4px ${token.paddingXS}px` }} data-testid="chat-context-empty">
          {query
            ? t(kind === 'prompt' ? 'chat.context.noPromptsMatch' : 'chat.context.noResourcesMatch', { query })
            : t(kind === 'prompt' ? 'chat.context.noPrompts' : 'chat.context.noResources')}
        </Typography.Text>
      ) : null}
      <div role="listbox" id={`chat-${kind}-list`} aria-label={t(kind === 'prompt' ? 'chat.context.promptsLabel' : 'chat.context.resourcesLabel')}>
        {items.map((item, i) => (
          <div
            key={item.key}
            id={`chat-context-option-${i}`}
            role="option"
            aria-selected={i === active}
            data-index={i}
            data-testid="chat-context-option"
            onMouseEnter={() => onActive(i)}
            onClick={() => onPick(item)}
            style={{
              padding: `4px ${token.paddingXS}px`,
              borderRadius: token.borderRadiusSM,
              cursor: 'pointer',
              background: i === active ? token.controlItemBgActive : undefined
            }}
          >
            <Flex align="baseline" gap={6} wrap>
              <Typography.Text type="secondary">{item.server} /</Typography.Text>
              <Typography.Text strong>{item.label}</Typography.Text>
              {item.kind === 'template' ? <Tag style={{ marginInlineEnd: 0 }}>{t('chat.context.template')}</Tag> : null}
            </Flex>
            {item.description ? (
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: token.fontSizeSM }}>
                {item.description}
              </Typography.Text>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  )
}
