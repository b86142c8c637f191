import { ClearOutlined, DownloadOutlined } from '@ant-design/icons'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { Button, Checkbox, Dropdown, Empty, Flex, Input, Switch, theme, Typography } from 'antd'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ServerLogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { downloadText } from '@renderer/components/servers/download'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useServerLogs } from '@renderer/hooks/useServerLogs'
import { filterLogs, LOG_LEVELS, logFileName, toLogFile } from './logFormat'
import { LogLevelControl } from './LogLevelControl'
import { LogRow } from './LogRow'

const ROW_ESTIMATE = 26

/**
 * The server's live log (G2): the level the server logs at, filter by level, search, follow the tail or not, clear, export.
 * Only the rows on screen are in the DOM, so ten thousand lines scroll like ten.
 */
export function LogsTab({ server, height = 480 }: { server: McpServer; height?: number }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { logs } = useServerActions()
  const entries = useServerLogs(server)
  const [levels, setLevels] = useState<ServerLogLevel[]>(LOG_LEVELS)
  const [query, setQuery] = useState('')
  const [follow, setFollow] = useState(true)
  const deferredQuery = useDeferredValue(query)
  const shown = useMemo(() => filterLogs(entries, levels, deferredQuery), [entries, levels, deferredQuery])
  const scrollRef = useRef<HTMLDivElement>(null)

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 12,
    // before the first layout (and where there is no layout, as in jsdom) the panel has its styled height
    initialRect: { width: 800, height },
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width || 800, height })),
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE
  })

  useEffect(() => {
    if (follow && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' })
  }, [follow, shown, virtualizer])

  const exportAs = (ext: 'log' | 'json') => {
    const text = ext === 'json' ? JSON.stringify(shown, null, 2) : toLogFile(shown)
    downloadText(logFileName(server.name, ext), text, ext === 'json' ? 'application/json' : 'text/plain')
  }

  return (
    <Flex vertical gap="middle" data-testid="logs-tab">
      <LogLevelControl server={server} />
      <Flex gap="middle" align="center" wrap>
        <div role="group" aria-label={t('editor.logs.levels')} data-testid="logs-level-filter">
          <Checkbox.Group<ServerLogLevel>
            value={levels}
            onChange={setLevels}
            options={LOG_LEVELS.map((level) => ({ value: level, label: t(`editor.logs.level.${level}`) }))}
          />
        </div>
        <Input.Search
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('editor.logs.search')}
          aria-label={t('editor.logs.search')}
          style={{ maxWidth: 280 }}
          data-testid="logs-search"
        />
        <Flex align="center" gap="small">
          <Switch checked={follow} onChange={setFollow} id="logs-follow" data-testid="logs-autoscroll" size="small" />
          <label htmlFor="logs-follow">{t('editor.logs.autoScroll')}</label>
        </Flex>
        <div style={{ flex: 1 }} />
        <Typography.Text type="secondary" data-testid="logs-count" data-shown={shown.length} data-total={entries.length}>
          {t('editor.logs.count', { shown: shown.length, total: entries.length })}
        </Typography.Text>
        <Button icon={<ClearOutlined />} onClick={() => logs.clear(server.id)} disabled={entries.length === 0} data-testid="logs-clear">
          {t('editor.logs.clear')}
        </Button>
        <Dropdown
          disabled={shown.length === 0}
          trigger={['click']}
          menu={{
            items: [
              { key: 'log', label: t('editor.logs.exportLog'), 'data-testid': 'logs-export-log' },
              { key: 'json', label: t('editor.logs.exportJson'), 'data-testid': 'logs-export-json' }
            ],
            onClick: ({ key }) => exportAs(key as 'log' | 'json')
          }}
        >
          <Button icon={<DownloadOutlined />} data-testid="logs-export">
            {t('editor.logs.export')}
          </Button>
        </Dropdown>
      </Flex>
      <div
        ref={scrollRef}
        role="log"
        aria-live="off"
        aria-label={t('editor.logs.label', { name: server.name })}
        tabIndex={0}
        data-testid="logs-list"
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
        {shown.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            style={{ paddingTop: 48 }}
            description={entries.length === 0 ? t('editor.logs.empty') : t('editor.logs.noMatch')}
            data-testid="logs-empty"
          />
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <LogRow
                key={row.key}
                entry={shown[row.index]}
                index={row.index}
                start={row.start}
                measure={virtualizer.measureElement}
              />
            ))}
          </div>
        )}
      </div>
    </Flex>
  )
}
