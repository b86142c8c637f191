import { useId, useMemo, useRef, useState } from 'react'
import { Alert, Button, Flex, Modal, Space, Switch, Typography } from 'antd'
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { RJSFSchema } from '@rjsf/utils'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { useToolCall } from '@renderer/hooks/useToolCall'
import { ToolResultView } from '@renderer/components/results/ToolResultView'
import { LazyJsonEditor } from '@renderer/components/servers/LazyJsonEditor'
import { CallProgress } from './CallProgress'
import { Elapsed } from './Elapsed'
import { SchemaForm, type SchemaFormHandle } from './SchemaForm'
import { parseJsonArgs } from './jsonArgs'
import { ErrorText } from '@renderer/components/errors/ErrorText'

export interface ToolRunnerProps {
  server: McpServer
  tool: McpTool
  onClose: () => void
}

/** Tool schemas are objects; a schema without `type` still describes an object of arguments. */
export function formSchemaOf(tool: Pick<McpTool, 'inputSchema'>): RJSFSchema {
  return { ...(tool.inputSchema as RJSFSchema), type: 'object' }
}

/**
 * Runs one tool: a form from its input schema (or raw JSON), progress, cancel, elapsed time, and
 * the result by content type. Closing the runner aborts a call still running.
 */
export function ToolRunner({ server, tool, onClose }: ToolRunnerProps) {
  const { t } = useTranslation()
  const idPrefix = `run-${useId().replace(/[^\w-]/g, '')}`
  // one schema object per tool: rjsf and the validator cache by identity
  const schema = useMemo(() => formSchemaOf(tool), [tool])
  const formRef = useRef<SchemaFormHandle>(null)
  const [formData, setFormData] = useState<Record<string, unknown>>({})
  const [jsonMode, setJsonMode] = useState(false)
  const [jsonText, setJsonText] = useState('{}')
  const [inputError, setInputError] = useState<string | undefined>(undefined)
  const lastArgs = useRef<Record<string, unknown>>({})
  const { state, run, cancel } = useToolCall(server, tool.name)
  const running = state.status === 'running'

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
    void run(args)
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
    start(formData)
  }

  const hasInputs = Object.keys((schema.properties as object | undefined) ?? {}).length > 0

  return (
    <Modal
      open
      width={820}
      title={t('runner.title', { name: tool.title ?? tool.name })}
      onCancel={onClose}
      // closing aborts the call and drops the typed arguments: a stray click beside the runner must not
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          {state.status === 'idle' ? <span /> : <Elapsed startedAt={running ? state.startedAt : undefined} elapsedMs={running ? undefined : state.elapsedMs} />}
          <Space>
            {running ? (
              <Button danger icon={<StopOutlined />} onClick={() => void cancel()} data-testid="runner-cancel">
                {t('runner.cancel')}
              </Button>
            ) : null}
            <Button onClick={onClose} data-testid="runner-close">
              {t('runner.close')}
            </Button>
            <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={onRun} data-testid="runner-run">
              {running ? t('runner.running') : t('runner.run')}
            </Button>
          </Space>
        </Flex>
      }
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
          {state.status === 'running' ? <CallProgress progress={state.progress} /> : null}
          {state.status === 'cancelled' ? <Alert type="warning" showIcon title={t('runner.cancelled')} data-testid="runner-cancelled" /> : null}
          {state.status === 'failed' ? (
            <Alert
              type="error"
              showIcon
              title={t('runner.failed')}
              description={<ErrorText error={state.error} />}
              data-testid="runner-error"
              action={
                <Button size="small" onClick={() => start(lastArgs.current)} data-testid="runner-retry">
                  {t('runner.retry')}
                </Button>
              }
            />
          ) : null}
          {state.status === 'done' ? <ToolResultView result={state.result} /> : null}
        </Flex>
      </div>
    </Modal>
  )
}
