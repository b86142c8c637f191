import { ArrowLeftOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons'
import { Alert, App, Button, Flex, Switch, Tabs, theme, Tooltip, Typography, type TabsProps } from 'antd'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isExtensionServer, isHttp, type McpServer } from '@shared/mcp/server'
import { serverDisplayName } from '@renderer/components/servers/serverDisplay'
import { useSaveShortcut } from '@renderer/hooks/useSaveShortcut'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useServerStatus } from '@renderer/hooks/useServerStatus'
import { useServerTabCounts } from '@renderer/hooks/useServerTabCounts'
import { useServers } from '@renderer/hooks/useServers'
import { useAppSelector } from '@renderer/hooks/useStore'
import { useAddServersMutation, useUpdateServerMutation } from '@renderer/store/mainApi'
import type { McpServerChanges } from '@renderer/store/serverListEdits'
import { setZodLanguage } from '@renderer/components/servers/zodLocale'
import { selectLanguage } from '@renderer/store/settings'
import { ServerAvatar } from '@renderer/components/servers/ServerAvatar'
import { ServerStatusBadge } from '@renderer/components/servers/ServerStatusBadge'
import { ServerTypeTag } from '@renderer/components/servers/ServerTypeTag'
import { isApplePlatform } from '@renderer/components/runner/runShortcut'
import { GeneralTab } from './GeneralTab'
import { LogsTab } from './LogsTab'
import { MessagesTab } from './messages/MessagesTab'
import { NotConnected } from './NotConnected'
import { OAuthStatusLine } from '@renderer/components/oauth/OAuthStatusLine'
import { ExtensionSettings } from '@renderer/components/extensions/ExtensionSettings'
import { PromptsTab } from './PromptsTab'
import { ResourcesTab } from './ResourcesTab'
import type { EditorTab } from './editorTabs'
import { diffServer, fromFormValues, toFormValues, type ServerFormField, type ServerFormValues } from './serverForm'
import { ToolsTab } from './ToolsTab'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { ServerFailure } from '@renderer/components/errors/ServerFailure'

export interface ServerEditorProps {
  /** the saved server, or a new one not saved yet (quick create) */
  server: McpServer
  isNew: boolean
  tab: EditorTab
  onTabChange: (tab: EditorTab) => void
  onBack: () => void
  /** a new server was saved under this id */
  onCreated: (id: string) => void
}

/**
 * One server: its configuration (General) and what it offers live (Tools, Prompts, Resources,
 * Logs). General edits are a draft until Save; the other tabs change the saved server at once.
 */
export function ServerEditor({ server, isNew, tab, onTabChange, onBack, onCreated }: ServerEditorProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { message, modal } = App.useApp()
  const actions = useServerActions()
  const [addServers] = useAddServersMutation()
  const [updateServer] = useUpdateServerMutation()
  const servers = useServers()
  const status = useServerStatus(server.id)
  const connected = !isNew && status.status === 'connected'
  // a server that was connected here and is reconnecting (a restart, a replaced client) keeps its
  // tabs on screen: what they show, a tool runner and its result included, would otherwise be lost
  const wasConnected = useRef<string | undefined>(undefined)
  if (connected) wasConnected.current = server.id
  else if (status.status !== 'connecting') wasConnected.current = undefined
  const reconnecting = !isNew && status.status === 'connecting' && wasConnected.current === server.id
  const counts = useServerTabCounts(server.id, connected)

  const initial = useMemo(() => toFormValues(server), [server])
  const [values, setValues] = useState<ServerFormValues>(initial)
  const [touched, setTouched] = useState<Set<ServerFormField>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const otherNames = useMemo(() => servers.filter((s) => s.id !== server.id).map((s) => s.name), [servers, server.id])
  const language = useAppSelector(selectLanguage)
  const result = useMemo(() => {
    // the schema's own messages (shown for what our checks do not catch) in the UI language
    setZodLanguage(language)
    return fromFormValues(values, server, otherNames)
  }, [values, server, otherNames, language])
  const dirty = isNew || JSON.stringify(values) !== JSON.stringify(initial)
  // errors show for what the user touched, and for everything once they tried to save
  const errors = Object.fromEntries(
    Object.entries(result.errors).filter(([field]) => submitted || touched.has(field as ServerFormField))
  )

  const onFormChange = (changes: Partial<ServerFormValues>) => {
    setValues((v) => ({ ...v, ...changes }))
    setTouched((s) => new Set([...s, ...(Object.keys(changes) as ServerFormField[])]))
  }

  const save = async () => {
    setSubmitted(true)
    const firstError = Object.keys(result.errors)[0]
    if (firstError) {
      onTabChange('general')
      document.getElementById(`editor-${firstError}`)?.focus()
      void message.error(t('editor.saveInvalid'))
      return
    }
    setSaving(true)
    try {
      const saved = result.server
      if (isNew) {
        await addServers([{ ...saved, installSource: saved.installSource ?? 'manual' }]).unwrap()
        onCreated(saved.id)
        void message.success(t('editor.created', { name: saved.name }))
        return
      }
      // main restarts the server, tells it its new roots, or leaves it be, as the change asks
      await updateServer({ serverId: server.id, changes: diffServer(server, saved) }).unwrap()
      setTouched(new Set())
      setSubmitted(false)
      // a new command or URL waits for approval: the user typed it here, so saving approves it
      // (Electron's main may still ask in its own dialog, and be refused)
      const approved = !saved.isActive || (await actions.approveTyped(saved).catch(() => false))
      if (approved) void message.success(t('editor.saved', { name: serverDisplayName(saved, t) }))
      else void message.warning(t('editor.savedNeedsApproval', { name: serverDisplayName(saved, t) }))
    } catch (error) {
      void message.error(t('editor.saveFailed', { message: errorLine(t, describeError(error)) }))
    } finally {
      setSaving(false)
    }
  }

  // Ctrl/Cmd+S saves what the Save button would, from any tab
  useSaveShortcut(() => void save(), dirty && !saving)
  const saveKeys = isApplePlatform() ? '⌘S' : 'Ctrl+S'

  const reset = () => {
    setValues(initial)
    setTouched(new Set())
    setSubmitted(false)
  }

  const back = () => {
    if (!dirty || (isNew && JSON.stringify(values) === JSON.stringify(initial))) return onBack()
    modal.confirm({
      title: t('editor.discard.title'),
      content: t('editor.discard.description'),
      okText: t('editor.discard.confirm'),
      cancelText: t('editor.discard.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'editor-discard-confirm' },
      onOk: onBack
    })
  }

  const onTabsChange = (changes: McpServerChanges) =>
    void updateServer({ serverId: server.id, changes })
      .unwrap()
      .catch((error: unknown) => {
        void message.error(t('editor.saveFailed', { message: errorLine(t, describeError(error)) }))
      })
  const live = (node: ReactNode) =>
    connected || reconnecting ? (
      // the same two slots either way, so the tab is not remounted when the banner comes and goes
      <Flex vertical gap="small">
        {reconnecting ? (
          <Alert type="info" showIcon title={t('editor.reconnecting', { name: server.name })} data-testid="editor-reconnecting" />
        ) : null}
        {node}
      </Flex>
    ) : (
      <NotConnected server={server} status={status} />
    )
  const label = (key: EditorTab, count?: number) => (
    <span data-testid={`editor-tab-${key}`} data-count={count}>
      {count !== undefined && (key === 'tools' || key === 'prompts' || key === 'resources')
        ? t(`editor.tabs.${key}Count`, { count })
        : t(`editor.tabs.${key}`)}
    </span>
  )

  const items: TabsProps['items'] = [
    {
      key: 'general',
      label: label('general'),
      children: (
        <Flex vertical gap="middle">
          <GeneralTab values={values} errors={errors} onChange={onFormChange} />
          {/* an installed extension's settings, saved on their own */}
          {!isNew && isExtensionServer(server) && <ExtensionSettings server={server} />}
        </Flex>
      )
    },
    { key: 'tools', label: label('tools', counts.tools), disabled: isNew, children: live(<ToolsTab server={server} onChange={onTabsChange} />) },
    {
      key: 'prompts',
      label: label('prompts', counts.prompts),
      disabled: isNew,
      children: live(<PromptsTab server={server} onChange={onTabsChange} />)
    },
    {
      key: 'resources',
      label: label('resources', counts.resources),
      disabled: isNew,
      children: live(<ResourcesTab server={server} onChange={onTabsChange} />)
    },
    { key: 'logs', label: label('logs'), disabled: isNew, children: <LogsTab server={server} /> },
    // what was said on the wire, kept after the server stops, like the log
    { key: 'messages', label: label('messages'), disabled: isNew, children: <MessagesTab server={server} /> }
  ]

  return (
    <Flex vertical gap="middle" data-testid="server-editor" data-server-id={server.id}>
      {/* sticky: Save stays in reach at the bottom of a long form */}
      <Flex
        align="center"
        gap="middle"
        wrap
        data-testid="editor-action-bar"
        style={{ position: 'sticky', top: 0, zIndex: 3, background: token.colorBgLayout, paddingBlock: token.paddingXS }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="editor-back" aria-label={t('editor.back')}>
          {t('editor.back')}
        </Button>
        <ServerAvatar server={server} size={32} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="editor-title">
          {isNew ? t('editor.newTitle') : serverDisplayName(server, t)}
        </Typography.Title>
        <ServerTypeTag server={server} />
        {!isNew && <ServerStatusBadge status={status.status} error={status.error?.message} />}
        <div style={{ flex: 1 }} />
        {!isNew && (
          <Flex align="center" gap="small">
            <Switch
              id="editor-active"
              checked={server.isActive}
              loading={status.status === 'connecting'}
              onChange={(on) => void (on ? actions.start(server) : actions.stop(server))}
              data-testid="editor-active"
            />
            <label htmlFor="editor-active">{t('editor.active')}</label>
          </Flex>
        )}
        {tab === 'general' && (
          <>
            <Button icon={<UndoOutlined />} onClick={reset} disabled={isNew || !dirty} data-testid="editor-reset">
              {t('editor.reset')}
            </Button>
            <Tooltip title={t('editor.saveShortcut', { keys: saveKeys })}>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                onClick={() => void save()}
                loading={saving}
                disabled={!dirty}
                aria-keyshortcuts={saveKeys === '⌘S' ? 'Meta+S' : 'Control+S'}
                data-testid="editor-save"
              >
                {isNew ? t('editor.create') : t('editor.save')}
              </Button>
            </Tooltip>
          </>
        )}
      </Flex>
      {!isNew && isHttp(server) && <OAuthStatusLine server={server} />}
      {/* above the tabs, so General says why too, not only the tabs that need a connection */}
      {!isNew && (
        <ServerFailure server={server} view={status} onRetry={() => actions.retry(server)} testId="editor-failure" retryTestId="editor-retry" />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => onTabChange(key as EditorTab)}
        items={items}
        destroyOnHidden
        style={{ background: token.colorBgContainer, padding: `0 ${token.paddingLG}px ${token.paddingLG}px`, borderRadius: token.borderRadiusLG }}
      />
    </Flex>
  )
}
