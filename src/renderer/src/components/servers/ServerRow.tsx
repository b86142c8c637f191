import { DeleteOutlined, EditOutlined, HolderOutlined, ReloadOutlined } from '@ant-design/icons'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Alert, Button, Flex, Popconfirm, Switch, Tag, theme, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useServerStatus } from '@renderer/hooks/useServerStatus'
import { ServerAvatar } from './ServerAvatar'
import { ServerStatusBadge } from './ServerStatusBadge'
import { serverTarget } from './serverTarget'
import { ServerTypeTag } from './ServerTypeTag'
import { describeError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

/** One server in the list: what it is, whether it runs, and what the user can do with it. */
export interface ServerRowProps {
  server: McpServer
  onOpen: (id: string) => void
  sortable: boolean
  /** one step up (-1) or down (+1): Alt+Arrow on the handle, besides dnd-kit's pick-up-and-move */
  onMove: (id: string, step: -1 | 1) => void
}

export function ServerRow({ server, onOpen, sortable, onMove }: ServerRowProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const actions = useServerActions()
  const { status, error, code, toolCount } = useServerStatus(server)
  const [busy, setBusy] = useState(false)
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: server.id,
    disabled: !sortable
  })
  const target = serverTarget(server)

  const run = async (job: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await job()
    } finally {
      setBusy(false)
    }
  }
  const toggle = (on: boolean) => run(() => (on ? actions.start(server) : actions.stop(server)))

  return (
    <li
      ref={setNodeRef}
      data-testid="server-list-item"
      data-server-id={server.id}
      data-server-name={server.name}
      style={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: token.colorBgContainer,
        border: `1px solid ${isDragging ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        boxShadow: isDragging ? token.boxShadowSecondary : undefined
      }}
    >
      <Flex align="center" gap="middle">
        <Button
          type="text"
          size="small"
          icon={<HolderOutlined />}
          ref={setActivatorNodeRef}
          disabled={!sortable}
          aria-label={t('servers.actions.reorder', { name: server.name })}
          data-testid="server-drag-handle"
          style={{ cursor: sortable ? 'grab' : 'not-allowed', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          onKeyDown={(event) => {
            if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
              event.preventDefault()
              onMove(server.id, event.key === 'ArrowUp' ? -1 : 1)
              return
            }
            listeners?.onKeyDown?.(event)
          }}
        />
        <ServerAvatar server={server} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
          <Flex align="center" gap="small" wrap>
            <Typography.Link strong onClick={() => onOpen(server.id)} data-testid="server-name">
              {server.name}
            </Typography.Link>
            <ServerTypeTag server={server} />
            <ServerStatusBadge status={status} error={error} />
            {status === 'connected' && toolCount !== undefined && (
              <Typography.Text type="secondary" data-testid="server-tool-count" data-count={toolCount}>
                {t('servers.toolCount', { count: toolCount })}
              </Typography.Text>
            )}
            {server.tags?.map((tag) => (
              <Tag key={tag} variant="filled" color="blue">
                {tag}
              </Tag>
            ))}
          </Flex>
          {server.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: server.description }}>
              {server.description}
            </Typography.Text>
          )}
          {target ? (
            <Typography.Text code copyable={{ text: target }} style={{ wordBreak: 'break-all' }} data-testid="server-target">
              {target}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('servers.builtinTarget')}</Typography.Text>
          )}
        </Flex>
        <Tooltip title={server.isActive ? t('servers.actions.stop') : t('servers.actions.start')}>
          <Switch
            checked={server.isActive}
            loading={busy || status === 'connecting'}
            onChange={(on) => void toggle(on)}
            aria-label={t('servers.actions.active', { name: server.name })}
            data-testid="server-switch"
          />
        </Tooltip>
        <Tooltip title={t('servers.actions.edit')}>
          <Button
            icon={<EditOutlined />}
            onClick={() => onOpen(server.id)}
            aria-label={t('servers.actions.editNamed', { name: server.name })}
            data-testid="server-edit"
          />
        </Tooltip>
        <Popconfirm
          title={t('servers.delete.title', { name: server.name })}
          description={t('servers.delete.description')}
          okText={t('servers.delete.confirm')}
          cancelText={t('servers.delete.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'server-delete-confirm' }}
          onConfirm={() => run(() => actions.remove(server))}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('servers.actions.deleteNamed', { name: server.name })}
            data-testid="server-delete"
          />
        </Popconfirm>
      </Flex>
      {status === 'needsApproval' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: token.marginSM }}
          data-testid="server-needs-approval"
          title={t('servers.needsApprovalHint')}
          action={
            <Button size="small" onClick={() => void run(() => actions.start(server))} data-testid="server-review">
              {t('servers.actions.review')}
            </Button>
          }
        />
      )}
      {status === 'error' && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: token.marginSM }}
          data-testid="server-error"
          title={t('servers.errorTitle', { name: server.name })}
          description={<ErrorText error={describeError({ message: error ?? '', code })} />}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void run(() => actions.retry(server))} data-testid="server-retry">
              {t('servers.actions.retry')}
            </Button>
          }
        />
      )}
    </li>
  )
}
