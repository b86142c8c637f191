import { App, Button, Flex, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RUNTIME_COMMANDS, RUNTIME_LABEL, type RuntimeStatus } from '@shared/mcp/runtimeOf'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

/** The path a user sets for one runtime: checked by main, its refusal shown under the field. */
export function RuntimePathField({ runtime, onSave }: { runtime: RuntimeStatus; onSave: (path: string | null) => Promise<void> }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [value, setValue] = useState(runtime.configuredPath ?? '')
  const [error, setError] = useState<AppError>()
  const [busy, setBusy] = useState(false)
  const command = RUNTIME_COMMANDS[runtime.runtime][0]
  const name = RUNTIME_LABEL[runtime.runtime]
  const id = `runtime-path-${runtime.runtime}`

  const save = async (path: string | null) => {
    setBusy(true)
    setError(undefined)
    try {
      await onSave(path)
      if (path === null) setValue('')
      void message.success(t(path === null ? 'runtimes.cleared' : 'runtimes.saved', { name }))
    } catch (failure) {
      setError(describeError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void save(value.trim() || null)} style={{ margin: 0 }}>
      <Form.Item
        label={t('runtimes.pathLabel', { command })}
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={error ? <ErrorText error={error} testId={`${id}-error`} /> : undefined}
        style={{ marginBottom: 0 }}
      >
        <Flex gap="small">
          <Input
            id={id}
            data-testid={id}
            value={value}
            placeholder={t('runtimes.pathPlaceholder', { command })}
            onChange={(event) => setValue(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
          <Button htmlType="submit" loading={busy} disabled={!value.trim()} data-testid={`${id}-save`}>
            {t('runtimes.save')}
          </Button>
          {runtime.configuredPath ? (
            <Button onClick={() => void save(null)} disabled={busy} data-testid={`${id}-clear`}>
              {t('runtimes.clear')}
            </Button>
          ) : null}
        </Flex>
      </Form.Item>
    </Form>
  )
}
