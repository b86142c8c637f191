import { useDeferredValue, useMemo, useState } from 'react'
import { Alert, Button, Empty, Flex, Input, Switch, Table, Tooltip, Typography, type TableColumnsType } from 'antd'
import { PlayCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { McpTool } from '@shared/ipc/contract'
import { autoApproves } from '@shared/mcp/autoApprove'
import type { McpServer } from '@shared/mcp/server'
import type { McpServerChanges } from '@renderer/store/serverListEdits'
import { useServerTools } from '@renderer/hooks/useServerLists'
import { JsonTree } from '@renderer/components/results/JsonTree'
import { ToolRunner } from '@renderer/components/runner/ToolRunner'
import { ToolNameCell } from './ToolNameCell'

export interface ToolsTabProps {
  server: McpServer
  onChange: (changes: McpServerChanges) => void
}

// below this many rows a plain table is as fast, and rows keep their natural height
const VIRTUAL_FROM = 50

/** Adds or removes `name` in a per-tool list, keeping the list free of duplicates. */
export function toggleIn(list: string[] | undefined, name: string, present: boolean): string[] {
  const rest = (list ?? []).filter((n) => n !== name)
  return present ? [...rest, name] : rest
}

function matches(tool: McpTool, query: string): boolean {
  if (!query) return true
  const q = query.toLowerCase()
  return (
    tool.name.toLowerCase().includes(q) ||
    (tool.title ?? '').toLowerCase().includes(q) ||
    (tool.description ?? '').toLowerCase().includes(q)
  )
}

/** The editor's Tools tab: the server's tools with per-tool switches, the schema, and a runner. */
export function ToolsTab({ server, onChange }: ToolsTabProps) {
  const { t } = useTranslation()
  const { items, loading, error, reload } = useServerTools(server.id)
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const [running, setRunning] = useState<McpTool | null>(null)
  const disabled = useMemo(() => new Set(server.tools?.disabled ?? []), [server.tools?.disabled])
  const shown = useMemo(() => (items ?? []).filter((tool) => matches(tool, deferredQuery.trim())), [items, deferredQuery])

  const columns: TableColumnsType<McpTool> = [
    {
      title: t('tools.columns.name'),
      key: 'name',
      width: 240,
      render: (_, tool) => <ToolNameCell tool={tool} />
    },
    {
      title: t('tools.columns.description'),
      key: 'description',
      width: 320,
      render: (_, tool) => (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: tool.description }} style={{ margin: 0 }}>
          {tool.description}
        </Typography.Paragraph>
      )
    },
    {
      title: t('tools.columns.enabled'),
      key: 'enabled',
      width: 90,
      render: (_, tool) => (
        <Switch
          size="small"
          checked={!disabled.has(tool.name)}
          aria-label={t('tools.enableTool', { name: tool.name })}
          data-testid={`tool-enabled-${tool.name}`}
          onChange={(on) => onChange({ tools: { disabled: toggleIn(server.tools?.disabled, tool.name, !on) } })}
        />
      )
    },
    {
      title: t('tools.columns.autoApprove'),
      key: 'autoApprove',
      width: 120,
      render: (_, tool) => (
        <Switch
          size="small"
          checked={autoApproves(server, tool.name)}
          disabled={disabled.has(tool.name)}
          aria-label={t('tools.autoApproveTool', { name: tool.name })}
          data-testid={`tool-auto-approve-${tool.name}`}
          onChange={(on) =>
            // both lists change: the user's switch wins over the default either way
            onChange({
              tools: { autoApprove: toggleIn(server.tools?.autoApprove, tool.name, on), askFirst: toggleIn(server.tools?.askFirst, tool.name, !on) }
            })
          }
        />
      )
    },
    {
      title: t('tools.columns.actions'),
      key: 'actions',
      width: 110,
      render: (_, tool) => {
        const off = disabled.has(tool.name)
        return (
          <Tooltip title={off ? t('tools.runDisabled') : undefined}>
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              disabled={off}
              onClick={() => setRunning(tool)}
              data-testid={`tool-run-${tool.name}`}
            >
              {t('tools.run')}
            </Button>
          </Tooltip>
        )
      }
    }
  ]

  if (error && !items) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('tools.loadFailed', { server: server.name, message: error })}
        data-testid="tools-error"
        action={
          <Button size="small" onClick={reload} data-testid="tools-retry">
            {t('tools.retry')}
          </Button>
        }
      />
    )
  }

  const virtual = shown.length >= VIRTUAL_FROM
  return (
    <Flex vertical gap={12} data-testid="tools-tab">
      <Flex gap={12} align="center">
        <Input.Search
          allowClear
          placeholder={t('tools.search')}
          aria-label={t('tools.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 360 }}
          data-testid="tools-search"
        />
        {items ? (
          <Typography.Text type="secondary" data-testid="tools-count">
            {t('tools.count', { count: items.length })}
          </Typography.Text>
        ) : null}
      </Flex>
      {error ? <Alert type="error" showIcon title={t('tools.loadFailed', { server: server.name, message: error })} /> : null}
      <Table<McpTool>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={false}
        virtual={virtual}
        // the columns' widths added up: the virtual table needs a number, and this fits the editor
        scroll={virtual ? { x: 928, y: 520 } : undefined}
        data-testid="tools-table"
        expandable={{
          columnWidth: 48,
          expandedRowRender: (tool) => (
            <div data-testid={`tool-schema-${tool.name}`}>
              <Typography.Text strong>{t('tools.inputSchema')}</Typography.Text>
              <JsonTree data={tool.inputSchema} />
            </div>
          )
        }}
        locale={{
          emptyText: loading ? ' ' : (
            <Empty
              description={query ? t('tools.noMatch', { query }) : t('tools.empty')}
              data-testid={query ? 'tools-no-match' : 'tools-empty'}
            />
          )
        }}
      />
      {running ? <ToolRunner server={server} tool={running} onClose={() => setRunning(null)} /> : null}
    </Flex>
  )
}

export default ToolsTab
