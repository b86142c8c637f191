import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Alert, App, Flex, Modal, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { getDisplayName } from '@modelcontextprotocol/sdk/shared/metadataUtils.js'
import type { RJSFSchema } from '@rjsf/utils'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { useAppDispatch, useAppSelector } from '@renderer/hooks/useStore'
import { useToolCall } from '@renderer/hooks/useToolCall'
import { runHistoryKey, runRecorded, type RunRecord } from '@renderer/store/runHistory'

// one empty list, so a tool never run selects the same object each time
const NO_RUNS: readonly RunRecord[] = []
import { LazyJsonEditor } from '@renderer/components/servers/LazyJsonEditor'
import { CallOutcome } from './CallOutcome'
import { RunHistory } from './RunHistory'
import { RunnerFooter } from './RunnerFooter'
import { isRunShortcut } from './runShortcut'
import { SchemaForm, type SchemaFormHandle } from './SchemaForm'
import { emptyRequiredArrays } from './emptyArrays'
import { parseJsonArgs } from './jsonArgs'

export interface ToolRunnerProps {
  server: McpServer
  tool: McpTool
  onClose: () => void
}

/**
 * Tool schemas are objects; a schema without `type` still describes an object of arguments. A
 * copy: the tool comes frozen from the api's cache, and rjsf and the validator write to the schema.
 */
export function formSchemaOf(tool: Pick<McpTool, 'inputSchema'>): RJSFSchema {
  return { ...(structuredClone(tool.inputSchema) as RJSFSchema), type: 'object' }
}

/**
 * Runs one tool: a form from its input schema (or raw JSON), progress, cancel, elapsed time, and
 * the result by content type. Closing the runner cancels a call still running, and says so first.
 */
export function ToolRunner({ server, tool, onClose }: ToolRunnerProps) {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const idPrefix = `run-${useId().replace(/[^\w-]/g, '')}`
  // one schema object per tool: rjsf and the validator cache by identity
  const schema = useMemo(() => formSchemaOf(tool), [tool])
  // the validator writes to the schema it checks against, and the cached tool is frozen
  const outputSchema = useMemo(() => tool.outputSchema && structuredClone(tool.outputSchema), [tool])
  const formRef = useRef<SchemaFormHandle>(null)
  const [formData, setFormData] = useState<Record<string, unknown>>({})
  const [jsonMode, setJsonMode] = useState(false)
  const [jsonText, setJsonText] = useState('{}')
  const [inputError, setInputError] = useState<string | undefined>(undefined)
  const lastArgs = useRef<Record<string, unknown>>({})
  const { state, run, cancel } = useToolCall(server, tool.name)
  const running = state.status === 'running'
  const dispatch = useAppDispatch()
  const runs = useAppSelector((root) => root.runHistory.byTool[runHistoryKey(server.id, tool.name)] ?? NO_RUNS)
  // the run that started last, written to the history once it ends
  const unrecorded = useRef<{ at: number; args: Record<string, unknown> } | null>(null)
  useEffect(() => {
    const run = unrecorded.current
    if (!run || state.status === 'running' || state.status === 'idle') return
    unrecorded.current = null
    const outcome = state.status === 'done' ? (state.result.isError ? 'error' : 'ok') : state.status
    dispatch(runRecorded({ serverId: server.id, tool: tool.name, record: { ...run, outcome, elapsedMs: state.elapsedMs } }))
  }, [state, dispatch, server.id, tool.name])

  const toggleJson = (on: boolean) => {
    if (on) {
      setJsonText(JSON.stringify(formData, null, 2))
      setInputError(undefined)
      setJsonMode(true)
      return
    }
    const parsed = parseJsonArgs(jsonText)
    if (!parsed.ok) return setInputError(t(parsed.error.key, { message: parsed.error.message }))
    setFormData(parsed.value)
    setInputError(undefined)
    setJsonMode(false)
  }

  const start = (args: Record<string, unknown>) => {
    lastArgs.current = args
    unrecorded.current = { at: Date.now(), args }
    void run(args)
  }

  /** A past run's arguments put back in the form (or the JSON editor), to change before running. */
  const fill = (args: Record<string, unknown>) => {
    setInputError(undefined)
    if (jsonMode) setJsonText(JSON.stringify(args, null, 2))
    else setFormData(structuredClone(args))
  }

  const onRun = () => {
    if (jsonMode) {
      const parsed = parseJsonArgs(jsonText)
      if (!parsed.ok) return setInputError(t(parsed.error.key, { message: parsed.error.message }))
      setInputError(undefined)
      return start(parsed.value)
    }
    if (formRef.current && !formRef.current.validateForm()) return setInputError(t('runner.formInvalid'))
    setInputError(undefined)
    const empty = emptyRequiredArrays(schema, formData)
    if (!empty.length) return start(formData)
    modal.confirm({
      title: t('runner.emptyList.title', { names: empty.join(', '), count: empty.length }),
      content: t('runner.emptyList.description'),
      okText: t('runner.emptyList.run'),
      cancelText: t('runner.emptyList.back'),
      okButtonProps: { 'data-testid': 'runner-empty-run' },
      cancelButtonProps: { 'data-testid': 'runner-empty-back' },
      onOk: () => start(formData)
    })
  }

  const hasInputs = Object.keys((schema.properties as object | undefined) ?? {}).length > 0
  const name = getDisplayName(tool)

  // the call is the runner's: closing cancels it (the server is told), so ask before doing that
  const requestClose = () => {
    if (!running) return onClose()
    modal.confirm({
      title: t('runner.closeRunning.title', { name }),
      content: t('runner.closeRunning.description'),
      okText: t('runner.closeRunning.confirm'),
      cancelText: t('runner.closeRunning.keep'),
      okButtonProps: { danger: true, 'data-testid': 'runner-close-confirm' },
      cancelButtonProps: { 'data-testid': 'runner-close-keep' },
      onOk: onClose
    })
  }

  // captured before the JSON editor, whose own Mod-Enter would otherwise add a line
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!isRunShortcut(event)) return
    event.preventDefault()
    event.stopPropagation()
    if (!running) onRun()
  }

  return (
    <Modal
      open
      width={820}
      title={t('runner.title', { name })}
      onCancel={requestClose}
      // closing cancels the call and drops the typed arguments: a stray click beside the runner must not
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(node) => <div onKeyDownCapture={onKeyDownCapture}>{node}</div>}
      footer={<RunnerFooter state={state} onRun={onRun} onCancel={() => void cancel()} onClose={requestClose} />}
    >
      <div data-testid="tool-runner-body">
        <Flex vertical gap={12}>
          {tool.description ? <Typography.Paragraph type="secondary">{tool.description}</Typography.Paragraph> : null}
          <Flex gap={8} align="center">
            <Switch checked={jsonMode} onChange={toggleJson} disabled={running} id={`${idPrefix}-json`} data-testid="runner-json-switch" />
            <label htmlFor={`${idPrefix}-json`}>{t('runner.editAsJson')}</label>
          </Flex>
          {jsonMode ? (
            <LazyJsonEditor
              value={jsonText}
              onChange={setJsonText}
              readOnly={running}
              height="260px"
              ariaLabel={t('runner.jsonLabel')}
              testId="runner-json-input"
            />
          ) : hasInputs ? (
            <SchemaForm
              ref={formRef}
              schema={schema}
              formData={formData}
              onChange={setFormData}
              disabled={running}
              idPrefix={idPrefix}
            />
          ) : (
            <Typography.Text type="secondary">{t('tools.noInputs')}</Typography.Text>
          )}
          {inputError ? <Alert type="error" showIcon title={inputError} data-testid="runner-input-error" /> : null}
          <RunHistory runs={runs} disabled={running} onFill={fill} onRun={(args) => { fill(args); start(args) }} />
          <CallOutcome state={state} server={server} outputSchema={outputSchema} onRetry={() => start(lastArgs.current)} />
        </Flex>
      </div>
    </Modal>
  )
}
