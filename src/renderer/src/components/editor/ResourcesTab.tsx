import { useState } from 'react'
import { Alert, Button, Collapse, Empty, Flex, Spin, Switch, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Resource } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import type { McpServerChanges } from '@renderer/store/serverListEdits'
import { useResourceWatch } from '@renderer/hooks/useResourceWatch'
import { useServerResources, useServerResourceTemplates, type ServerList } from '@renderer/hooks/useServerLists'
import { useServerResourceRead } from '@renderer/hooks/useServerResourceRead'
import { useServerResourceUpdates } from '@renderer/hooks/useServerResourceUpdates'
import { AnnotationTags } from '@renderer/components/results/AnnotationTags'
import { ResourceReader } from '@renderer/components/results/ResourceReader'
import { TemplateReader } from '@renderer/components/results/TemplateReader'

type Pane = 'resources' | 'templates'

export interface ResourcesTabProps {
  server: McpServer
  onChange: (changes: McpServerChanges) => void
}

function ListError({ list, server, testId }: { list: ServerList<unknown>; server: McpServer; testId: string }) {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      title={t('resources.loadFailed', { server: server.name, message: list.error })}
      data-testid={testId}
      action={
        <Button size="small" onClick={list.reload} data-testid={`${testId}-retry`}>
          {t('resources.retry')}
        </Button>
      }
    />
  )
}

/**
 * The editor's Resources tab: resources (read, watch, live "updated" marks) and templates.
 * What is watched lives in main's session and the marks in the store, so leaving the tab loses neither.
 */
export function ResourcesTab({ server }: ResourcesTabProps) {
  const { t } = useTranslation()
  const resources = useServerResources(server.id)
  const templates = useServerResourceTemplates(server.id)
  const { state, busy, read } = useServerResourceRead(server)
  const { updated, clear } = useServerResourceUpdates(server.id)
  const watch = useResourceWatch(server)
  // what was read belongs to the sub-tab it was read from: a template's read is not shown under Resources
  const [pane, setPane] = useState<Pane>('resources')
  const [readFrom, setReadFrom] = useState<Pane>('resources')

  const readResource = (uri: string) => {
    clear(uri)
    setReadFrom(pane)
    void read(uri)
  }

  const columns: TableColumnsType<Resource> = [
    {
      title: t('resources.resources'),
      key: 'name',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong data-testid={`resource-${r.uri}`}>
            {r.title ?? r.name}
            {updated.has(r.uri) ? (
              <Tag color="orange" style={{ marginInlineStart: 8 }} data-testid={`resource-updated-${r.uri}`}>
                {t('resources.updated')}
              </Tag>
            ) : null}
          </Typography.Text>
          <Typography.Text type="secondary" code>
            {r.uri}
          </Typography.Text>
          {r.description ? <Typography.Text type="secondary">{r.description}</Typography.Text> : null}
          <AnnotationTags annotations={r.annotations} testId={`resource-annotations-${r.uri}`} />
        </Flex>
      )
    },
    { title: t('resources.mimeType'), key: 'mime', width: 160, render: (_, r) => r.mimeType ?? '' },
    {
      title: t('resources.watch'),
      key: 'subscribe',
      width: 110,
      render: (_, r) => (
        <Tooltip title={watch.supported ? undefined : t('resources.watchUnsupported')}>
          <Switch
            size="small"
            checked={watch.watched.includes(r.uri)}
            disabled={!watch.supported}
            aria-label={t('resources.subscribe', { uri: r.uri })}
            onChange={(on) => void watch.toggle(r.uri, on)}
            data-testid={`resource-subscribe-${r.uri}`}
          />
        </Tooltip>
      )
    },
    {
      title: t('resources.read'),
      key: 'read',
      width: 100,
      render: (_, r) => (
        <Button size="small" loading={busy === r.uri} onClick={() => readResource(r.uri)} data-testid={`resource-read-${r.uri}`}>
          {t('resources.read')}
        </Button>
      )
    }
  ]

  const resourcesPane = resources.error ? (
    <ListError list={resources} server={server} testId="resources-error" />
  ) : !resources.items ? (
    <Spin />
  ) : resources.items.length === 0 ? (
    <Empty description={t('resources.empty')} data-testid="resources-empty" />
  ) : (
    <Table<Resource> rowKey="uri" size="small" columns={columns} dataSource={resources.items} pagination={false} />
  )

  const templatesPane = templates.error ? (
    <ListError list={templates} server={server} testId="templates-error" />
  ) : !templates.items ? (
    <Spin />
  ) : templates.items.length === 0 ? (
    <Empty description={t('resources.emptyTemplates')} data-testid="templates-empty" />
  ) : (
    <Collapse
      items={templates.items.map((template) => ({
        key: template.uriTemplate,
        label: <span data-testid={`template-name-${template.name}`}>{template.title ?? template.name}</span>,
        children: <TemplateReader serverId={server.id} template={template} busy={busy !== undefined} onRead={readResource} />
      }))}
    />
  )

  return (
    <Flex vertical gap={12} data-testid="resources-tab">
      <Tabs
        activeKey={pane}
        onChange={(key) => setPane(key as Pane)}
        items={[
          {
            key: 'resources',
            label: <span data-testid="resources-resources-tab">{t('resources.resourcesCount', { count: resources.items?.length ?? 0 })}</span>,
            children: resourcesPane
          },
          {
            key: 'templates',
            label: <span data-testid="resources-templates-tab">{t('resources.templatesCount', { count: templates.items?.length ?? 0 })}</span>,
            children: templatesPane
          }
        ]}
      />
      {state && readFrom === pane ? <ResourceReader state={state} /> : null}
    </Flex>
  )
}

export default ResourcesTab
