import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Segmented, Table, Typography, Upload } from 'antd'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { applyConfigInputs, McpConfigError, parseMcpConfigFile, type ConfigInput, type ConfigIssue } from '@shared/mcp/configImport'
import type { McpServer } from '@shared/mcp/server'
import { useAppSelector } from '@renderer/hooks/useStore'
import { useServers } from '@renderer/hooks/useServers'
import { useAddServersMutation, useApproveServersMutation } from '@renderer/store/mainApi'
import { selectLanguage } from '@renderer/store/settings'
import { ImportInputs } from './ImportInputs'
import { planImport, type DuplicatePolicy, type ImportPlanItem } from './importPlan'
import { LazyJsonEditor } from './LazyJsonEditor'
import { ConfigIssueText } from './ConfigIssueText'
import { serverPreviewColumns } from './serverPreviewColumns'
import { setZodLanguage } from './zodLocale'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

// shown in the empty editor under a line that says it is an example
const EXAMPLE = `{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything"]
    }
  }
}`

/** The submit button's words: how many will be added, or why nothing can be yet. */
function submitLabel(t: TFunction, parsed: Parsed | null, toAdd: number): string {
  if (!parsed || parsed.issues.length > 0) return t('serverImport.submitEmpty')
  if (toAdd === 0) return t('serverImport.submitNothing')
  return t('serverImport.submit', { count: toAdd })
}

type Parsed = { servers: McpServer[]; inputs: ConfigInput[]; issues: [] } | { servers: []; inputs: []; issues: ConfigIssue[] }

function parse(text: string): Parsed | null {
  if (!text.trim()) return null
  try {
    return { ...parseMcpConfigFile(text), issues: [] }
  } catch (error) {
    if (error instanceof McpConfigError) return { servers: [], inputs: [], issues: error.issues }
    return { servers: [], inputs: [], issues: [{ message: error instanceof Error ? error.message : String(error) }] }
  }
}

/**
 * Paste (or open) the JSON another host wrote; see every server it adds with its full command
 * before anything is saved. One bad field blocks the whole import, named in the error.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const existing = useServers()
  const [addServers] = useAddServersMutation()
  const [approveServers] = useApproveServersMutation()
  const [text, setText] = useState('')
  const [policy, setPolicy] = useState<DuplicatePolicy>('rename')
  // what the user typed for the file's inputs; an untouched one keeps the file's default
  const [typed, setTyped] = useState<Record<string, string>>({})
  // parsing a big paste on every keystroke would lag the editor
  const deferred = useDeferredValue(text)
  const language = useAppSelector(selectLanguage)
  const parsed = useMemo(() => {
    // zod words its messages in the UI language
    setZodLanguage(language)
    return parse(deferred)
  }, [deferred, language])
  const plan = useMemo(() => (parsed ? planImport(parsed.servers, existing, policy) : []), [parsed, existing, policy])
  const toAdd = plan.filter((item) => item.action !== 'skip')
  const hasIssues = (parsed?.issues.length ?? 0) > 0
  const stale = deferred !== text
  const inputs = parsed?.inputs ?? []
  const inputValues = Object.fromEntries(inputs.map((input) => [input.id, typed[input.id] ?? input.default ?? '']))
  const missingInputs = inputs.filter((input) => !inputValues[input.id].trim()).length
  const blocked = stale || hasIssues || toAdd.length === 0 || missingInputs > 0

  const close = () => {
    setText('')
    setTyped({})
    onClose()
  }

  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<AppError>()
  const submit = async () => {
    if (blocked || saving) return
    const filled = applyConfigInputs(
      toAdd.map((item) => item.server),
      inputValues
    )
    setSaving(true)
    setSaveError(undefined)
    try {
      const added = await addServers(filled).unwrap()
      // the list below showed each full command: that was the approval of their first start (in
      // Electron, main asks once more in its own dialog); main then starts the active ones
      await approveServers(added.map((server) => server.id)).unwrap()
      close()
    } catch (error) {
      // main refused (a name taken meanwhile …): nothing was added, the text stays for a fix
      setSaveError(describeError(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      onCancel={close}
      width={860}
      title={t('serverImport.title')}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} data-testid="import-cancel">
          {t('serverImport.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          onClick={() => void submit()}
          disabled={blocked}
          loading={saving}
          data-testid="import-submit"
        >
          {submitLabel(t, parsed, toAdd.length)}
        </Button>
      ]}
    >
      <Flex vertical gap="middle" data-testid="import-dialog">
        <Typography.Text type="secondary">{t('serverImport.help')}</Typography.Text>
        <LazyJsonEditor
          value={text}
          onChange={setText}
          ariaLabel={t('serverImport.editorLabel')}
          placeholder={`${t('serverImport.placeholder')}\n\n${EXAMPLE}`}
          testId="import-editor"
          autoFocus
        />
        <Flex gap="middle" align="center" wrap>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void file.text().then(setText)
              return false
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="import-open-file">
              {t('serverImport.openFile')}
            </Button>
          </Upload>
          <Typography.Text>{t('serverImport.duplicates')}</Typography.Text>
          <Segmented<DuplicatePolicy>
            value={policy}
            onChange={setPolicy}
            options={[
              { value: 'rename', label: t('serverImport.rename') },
              { value: 'skip', label: t('serverImport.skip') }
            ]}
            data-testid="import-duplicates"
          />
        </Flex>
        {hasIssues && (
          <Alert
            type="error"
            showIcon
            data-testid="import-error"
            title={t('serverImport.errorTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {parsed!.issues.map((issue, i) => (
                  <li key={i} data-testid="import-issue" data-field={issue.field} data-server={issue.server}>
                    <ConfigIssueText issue={issue} />
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {saveError && <Alert type="error" showIcon data-testid="import-save-error" title={t('serverImport.saveFailed')} description={<ErrorText error={saveError} />} />}
        {inputs.length > 0 && <ImportInputs inputs={inputs} values={inputValues} onChange={(id, value) => setTyped((prev) => ({ ...prev, [id]: value }))} />}
        {plan.length > 0 && <ImportPreview plan={plan} />}
        {missingInputs > 0 && toAdd.length > 0 && (
          <Typography.Text type="warning" data-testid="import-inputs-missing">
            {t('serverImport.inputs.missing', { count: missingInputs })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  )
}

/** Every server the import adds, with the full command it will run. */
function ImportPreview({ plan }: { plan: ImportPlanItem[] }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap="small">
      <Alert type="warning" showIcon title={t('serverImport.trustWarning')} />
      <Table<ImportPlanItem>
        size="small"
        pagination={false}
        rowKey={(item) => item.server.id}
        dataSource={plan}
        data-testid="import-preview"
        columns={[
          {
            key: 'name',
            title: t('servers.columns.name'),
            // wide enough that a name breaks between words, not inside one
            width: 200,
            render: (_, item) => (
              <Flex vertical>
                <Typography.Text strong delete={item.action === 'skip'}>
                  {item.server.name}
                </Typography.Text>
                {item.action === 'rename' && (
                  <Typography.Text type="warning" data-testid="import-renamed">
                    {t('serverImport.renamedFrom', { name: item.sourceName })}
                  </Typography.Text>
                )}
                {item.action === 'skip' && (
                  <Typography.Text type="secondary" data-testid="import-skipped">
                    {t('serverImport.skipped')}
                  </Typography.Text>
                )}
              </Flex>
            )
          },
          ...serverPreviewColumns<ImportPlanItem>(t, { commandTestId: 'import-command' })
        ]}
      />
    </Flex>
  )
}
