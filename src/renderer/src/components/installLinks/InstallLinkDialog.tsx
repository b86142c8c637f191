import { Alert, App, Button, Flex, Modal, Table, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyConfigInputs, type ParsedConfigFile } from '@shared/mcp/configImport'
import { InstallLinkError, parseInstallLink, type InstallLinkProblem } from '@shared/mcp/installLink'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectServers } from '@renderer/store/mcp'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { CommandText } from '@renderer/components/servers/CommandText'
import { ConfigIssueText } from '@renderer/components/servers/ConfigIssueText'
import { ImportInputs } from '@renderer/components/servers/ImportInputs'
import { planImport, type ImportPlanItem } from '@renderer/components/servers/importPlan'
import { serverTarget, serverTypeKey } from '@renderer/components/servers/serverTarget'

type Read = { ok: true; parsed: ParsedConfigFile } | { ok: false; problem: InstallLinkProblem }

function read(link: string): Read {
  try {
    return { ok: true, parsed: parseInstallLink(link) }
  } catch (error) {
    if (error instanceof InstallLinkError) return { ok: false, problem: error.problem }
    return { ok: false, problem: { code: 'notInstallLink' } }
  }
}

/**
 * An install link (SPEC §F): every server it proposes with its full command or URL, a tick box
 * each, none ticked. Only the ticked ones are added, switched off; a link starts nothing, each
 * server's command is approved when the user first switches it on. A bad link is refused whole.
 */
export function InstallLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const existing = useAppSelector(selectServers)
  const actions = useServerActions()
  const result = useMemo(() => read(link), [link])
  // names and ids as they will be added; planned once, so the list changing meanwhile moves nothing
  const [plan] = useState<ImportPlanItem[]>(() => (result.ok ? planImport(result.parsed.servers, existing, 'rename') : []))
  const [selected, setSelected] = useState<string[]>([])
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<AppError>()

  const chosen = plan.filter((item) => selected.includes(item.server.id))
  const chosenNames = new Set(chosen.map((item) => item.sourceName))
  const inputs = result.ok ? result.parsed.inputs.filter((input) => input.servers.some((name) => chosenNames.has(name))) : []
  const inputValues = Object.fromEntries(inputs.map((input) => [input.id, typed[input.id] ?? input.default ?? '']))
  const missing = inputs.some((input) => !inputValues[input.id].trim())

  const submit = async () => {
    if (chosen.length === 0 || missing || saving) return
    setSaving(true)
    setSaveError(undefined)
    try {
      const added = await actions.commands.add(applyConfigInputs(chosen.map((item) => item.server), inputValues))
      void message.success(t('installLink.added', { count: added.length }))
      onClose()
    } catch (error) {
      setSaveError(describeError(error))
    } finally {
      setSaving(false)
    }
  }

  const footer = result.ok
    ? [
        <Button key="cancel" onClick={onClose} data-testid="install-link-cancel">
          {t('installLink.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          disabled={chosen.length === 0 || missing}
          loading={saving}
          onClick={() => void submit()}
          data-testid="install-link-submit"
        >
          {chosen.length === 0 ? t('installLink.submitNone') : t('installLink.submit', { count: chosen.length })}
        </Button>
      ]
    : [
        <Button key="close" type="primary" onClick={onClose} data-testid="install-link-close" autoFocus>
          {t('installLink.close')}
        </Button>
      ]

  return (
    <Modal open onCancel={onClose} width={860} title={t('installLink.title')} footer={footer} destroyOnHidden>
      <Flex vertical gap="middle" data-testid="install-link-dialog">
        {result.ok ? (
          <>
            <Typography.Text type="secondary">{t('installLink.help')}</Typography.Text>
            <Alert type="warning" showIcon title={t('serverImport.trustWarning')} />
            <LinkServers plan={plan} selected={selected} onSelect={setSelected} />
            {inputs.length > 0 && <ImportInputs inputs={inputs} values={inputValues} onChange={(id, value) => setTyped((prev) => ({ ...prev, [id]: value }))} />}
            {saveError && <Alert type="error" showIcon data-testid="install-link-save-error" title={t('serverImport.saveFailed')} description={<ErrorText error={saveError} />} />}
          </>
        ) : (
          <LinkRefused problem={result.problem} />
        )}
      </Flex>
    </Modal>
  )
}

function LinkServers({ plan, selected, onSelect }: { plan: ImportPlanItem[]; selected: string[]; onSelect: (ids: string[]) => void }) {
  const { t } = useTranslation()
  return (
    <Table<ImportPlanItem>
      size="small"
      pagination={false}
      rowKey={(item) => item.server.id}
      dataSource={plan}
      data-testid="install-link-servers"
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (item) => ({ 'aria-label': item.server.name, 'data-testid': `install-link-pick-${item.sourceName}` }) as never
      }}
      onRow={(item) => ({ 'data-testid': 'install-link-server', 'data-server-name': item.server.name }) as never}
      columns={[
        {
          key: 'name',
          title: t('servers.columns.name'),
          width: 180,
          render: (_, item) => (
            <Flex vertical>
              <Typography.Text strong>{item.server.name}</Typography.Text>
              {item.action === 'rename' && <Typography.Text type="warning">{t('serverImport.renamedFrom', { name: item.sourceName })}</Typography.Text>}
              {item.server.description && <Typography.Text type="secondary">{item.server.description}</Typography.Text>}
            </Flex>
          )
        },
        { key: 'type', title: t('servers.columns.type'), render: (_, item) => <Tag>{t(`servers.types.${serverTypeKey(item.server)}`)}</Tag> },
        {
          key: 'target',
          title: t('servers.columns.target'),
          render: (_, item) => <CommandText text={serverTarget(item.server)} testId="install-link-command" />
        },
        {
          key: 'env',
          title: t('serverImport.env'),
          render: (_, item) =>
            [...Object.keys(item.server.env ?? {}), ...Object.keys(item.server.headers ?? {})].map((k) => (
              <Tag key={k} variant="filled">
                {k}=••••
              </Tag>
            ))
        }
      ]}
    />
  )
}

function LinkRefused({ problem }: { problem: InstallLinkProblem }) {
  const { t } = useTranslation()
  return (
    <Alert
      type="error"
      showIcon
      data-testid="install-link-refused"
      data-code={problem.code}
      title={t('installLink.refusedTitle')}
      description={
        <Flex vertical gap="small">
          <span data-testid="install-link-problem">{t(`installLink.problems.${problem.code}`, 'params' in problem ? problem.params : undefined)}</span>
          {problem.code === 'badServers' && (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problem.issues.map((issue, i) => (
                <li key={i} data-testid="import-issue" data-field={issue.field} data-server={issue.server}>
                  <ConfigIssueText issue={issue} />
                </li>
              ))}
            </ul>
          )}
          <Typography.Text>{t('installLink.refusedHelp')}</Typography.Text>
        </Flex>
      }
    />
  )
}
