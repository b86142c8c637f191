import { ClearOutlined, DownloadOutlined } from '@ant-design/icons'
import { Button, Checkbox, Dropdown, Flex, Input, Switch, Typography } from 'antd'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ServerLogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { downloadText } from '@renderer/components/servers/download'
import { useServerPage } from '@renderer/components/servers/serverPageContext'
import { useServerLogs } from '@renderer/hooks/useServerLogs'
import { filterLogs, LOG_LEVELS, logFileName, toLogFile } from './logFormat'
import { LogLevelControl } from './LogLevelControl'
import { LogRow } from './LogRow'
import { useVirtualLog, VirtualLogPanel } from './VirtualLogPanel'

const ROW_ESTIMATE = 26

/**
 * The server's live log: the level the server logs at, filter by level, search, follow the tail or not, clear, export.
 */
export function LogsTab({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const { logs } = useServerPage()
  const entries = useServerLogs(server)
  const [levels, setLevels] = useState<ServerLogLevel[]>(LOG_LEVELS)
  const [query, setQuery] = useState('')
  const [follow, setFollow] = useState(true)
  const deferredQuery = useDeferredValue(query)
  const shown = useMemo(() => filterLogs(entries, levels, deferredQuery), [entries, levels, deferredQuery])
  const log = useVirtualLog({ count: shown.length, estimate: ROW_ESTIMATE })
  const { virtualizer } = log

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
      <VirtualLogPanel
        log={log}
        label={t('editor.logs.label', { name: server.name })}
        testId="logs-list"
        tabIndex={0}
        empty={shown.length === 0 ? { description: entries.length === 0 ? t('editor.logs.empty') : t('editor.logs.noMatch'), testId: 'logs-empty' } : undefined}
        renderRow={(row) => <LogRow key={row.key} entry={shown[row.index]} index={row.index} start={row.start} measure={virtualizer.measureElement} />}
      />
    </Flex>
  )
}
