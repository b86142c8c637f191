import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Flex, Popconfirm, Switch, theme, Tooltip } from 'antd'
import { memo, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useServerStatus } from '@renderer/hooks/useServerStatus'
import { ServerAvatar } from './ServerAvatar'
import { ServerRowAlerts } from './ServerRowAlerts'
import { ServerRowInfo } from './ServerRowInfo'
import { ServerRowMenu } from './ServerRowMenu'

/** One server in the list: what it is, whether it runs, and what the user can do with it. */
export interface ServerRowProps {
  server: McpServer
  onOpen: (id: string) => void
  sortable: boolean
  /** one step up (-1) or down (+1): Alt+Arrow on the handle, besides dnd-kit's pick-up-and-move */
  onMove: (id: string, step: -1 | 1) => void
  /** its place in the virtual list: index, offset from the list's top, how many rows there are */
  index: number
  start: number
  setSize: number
  /** the virtual list's measuring ref (rows differ in height: a description, an error) */
  measure: (element: HTMLLIElement | null) => void
}

export const ServerRow = memo(function ServerRow({ server, onOpen, sortable, onMove, index, start, setSize, measure }: ServerRowProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const actions = useServerActions()
  const view = useServerStatus(server.id)
  const { status } = view
  const [busy, setBusy] = useState(false)
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: server.id,
    disabled: !sortable
  })
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element)
      measure(element)
    },
    [setNodeRef, measure]
  )

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
      ref={ref}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-testid="server-list-item"
      data-server-id={server.id}
      data-server-name={server.name}
      style={{
        listStyle: 'none',
        // the virtual list places the row with `top`; dnd-kit's drag offset stays in `transform`
        position: 'absolute',
        top: start,
        left: 0,
        right: 0,
        transform: CSS.Transform.toString(transform),
        transition,
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
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
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
        <ServerRowInfo server={server} view={view} onOpen={onOpen} />
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
        <ServerRowMenu
          server={server}
          canRestart={server.isActive && (status === 'connected' || status === 'error')}
          onRestart={() => void run(() => actions.retry(server))}
        />
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
      <ServerRowAlerts
        server={server}
        view={view}
        onReview={() => void run(() => actions.start(server))}
        onRetry={() => void run(() => actions.retry(server))}
      />
    </li>
  )
})
