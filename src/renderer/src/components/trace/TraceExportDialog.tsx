import { CloudUploadOutlined, DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons'
import { Alert, App, Button, Flex, Form, Input, Modal, Spin, Switch, Typography, type ButtonProps } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isHttpUrl, type TraceExportInput, type TraceExportSettings, type TraceExportTestResult } from '@shared/trace/exportSettings'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useApi } from '@renderer/context/ApiContext'

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/

type FormValues = TraceExportInput

/**
 * The Trace window's Export button and dialog: the OTLP/HTTP collector spans also go to, its
 * headers (values come back masked; a masked one saved unchanged keeps the stored value), on or
 * off. Main applies it at once; the OTEL_EXPORTER_OTLP_* variables override it, and it says so.
 */
export function TraceExportButton() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="trace-export-open">
        {t('trace.export.button')}
      </Button>
      {open && <TraceExportDialog onClose={() => setOpen(false)} />}
    </>
  )
}

function TraceExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const [current, setCurrent] = useState<TraceExportSettings>()
  const [loadError, setLoadError] = useState<string>()
  const [saveError, setSaveError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [testing, setTesting] = useState(false)
  const [tested, setTested] = useState<TraceExportTestResult>()
  const enabled = Form.useWatch('enabled', form) ?? false
  // what the endpoint field holds (a test needs one), kept as it is typed
  const [endpoint, setEndpoint] = useState('')

  useEffect(() => {
    api.trace.getExport().then(
      (settings) => {
        setCurrent(settings)
        setEndpoint(settings.endpoint)
      },
      (failure: unknown) => setLoadError(errorLine(t, describeError(failure)))
    )
  }, [api, t])

  /** What the form holds, as main takes it; undefined while a field is invalid (the form marks it). */
  const formInput = async (): Promise<TraceExportInput | undefined> => {
    const values = await form.validateFields().catch(() => undefined)
    return values && { enabled: values.enabled, endpoint: values.endpoint.trim(), headers: values.headers ?? [] }
  }

  const save = async () => {
    const input = await formInput()
    if (!input) return
    setSaving(true)
    setSaveError(undefined)
    try {
      await api.trace.setExport(input)
      void message.success(t('trace.export.saved'))
      onClose()
    } catch (failure) {
      setSaveError(errorLine(t, describeError(failure)))
    } finally {
      setSaving(false)
    }
  }

  // what the form holds now, saved or not: a team checks the URL and token before saving them
  const test = async () => {
    const input = await formInput()
    if (!input) return
    setTesting(true)
    setTested(undefined)
    try {
      setTested(await api.trace.testExport(input))
    } catch (failure) {
      setTested({ ok: false, error: errorLine(t, describeError(failure)) })
    } finally {
      setTesting(false)
    }
  }

  return (
    <Modal
      open
      title={t('trace.export.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('trace.export.save')}
      cancelText={t('trace.export.cancel')}
      okButtonProps={{ loading: saving, disabled: !current, 'data-testid': 'trace-export-save' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'trace-export-cancel' } as ButtonProps}
      width={600}
      destroyOnHidden
    >
      <div data-testid="trace-export-dialog">
        <Typography.Paragraph type="secondary">{t('trace.export.intro')}</Typography.Paragraph>
        {loadError && <Alert type="error" showIcon title={t('trace.export.loadFailed', { message: loadError })} data-testid="trace-export-load-error" />}
        {!current && !loadError && <Spin />}
        {current && (
          <>
            {current.envEndpoint && (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('trace.export.envOverride', { endpoint: current.envEndpoint })} data-testid="trace-export-env" />
            )}
            {current.lastError && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('trace.export.lastError', { message: current.lastError })} data-testid="trace-export-last-error" />
            )}
            <Form<FormValues>
              form={form}
              layout="vertical"
              initialValues={{ enabled: current.enabled, endpoint: current.endpoint, headers: current.headers }}
              onFinish={() => void save()}
              onValuesChange={(changed: Partial<FormValues>) => {
                if (changed.endpoint !== undefined) setEndpoint(changed.endpoint)
              }}
            >
              <Form.Item name="enabled" valuePropName="checked" label={t('trace.export.enabled')}>
                <Switch aria-label={t('trace.export.enabled')} data-testid="trace-export-enabled" />
              </Form.Item>
              <Form.Item
                name="endpoint"
                label={t('trace.export.endpoint')}
                extra={t('trace.export.endpointHint')}
                dependencies={['enabled']}
                rules={[
                  {
                    validator: (_rule, value?: string) => {
                      const text = (value ?? '').trim()
                      if (!text) return enabled ? Promise.reject(new Error(t('trace.export.endpointRequired'))) : Promise.resolve()
                      return isHttpUrl(text) ? Promise.resolve() : Promise.reject(new Error(t('trace.export.endpointInvalid')))
                    }
                  }
                ]}
              >
                <Input placeholder="http://localhost:4318/v1/traces" autoComplete="off" data-testid="trace-export-endpoint" />
              </Form.Item>
              <Typography.Text strong>{t('trace.export.headers')}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {t('trace.export.headersHint')}
              </Typography.Paragraph>
              <Form.List name="headers">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Flex key={field.key} gap="small" align="start" data-testid="trace-export-header">
                        <Form.Item
                          name={[field.name, 'name']}
                          style={{ flex: 2, marginBottom: 8 }}
                          rules={[
                            { required: true, whitespace: true, message: t('trace.export.headerNameRequired') },
                            { pattern: HEADER_NAME, message: t('trace.export.headerNameInvalid') }
                          ]}
                        >
                          <Input placeholder={t('trace.export.headerName')} aria-label={t('trace.export.headerName')} autoComplete="off" data-testid="trace-export-header-name" />
                        </Form.Item>
                        <Form.Item name={[field.name, 'value']} style={{ flex: 3, marginBottom: 8 }}>
                          <Input.Password
                            placeholder={t('trace.export.headerValue')}
                            aria-label={t('trace.export.headerValue')}
                            autoComplete="new-password"
                            data-testid="trace-export-header-value"
                          />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('trace.export.removeHeader', { name: (form.getFieldValue(['headers', field.name, 'name']) as string | undefined) ?? '' })}
                          onClick={() => remove(field.name)}
                          data-testid="trace-export-header-remove"
                        />
                      </Flex>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} data-testid="trace-export-add-header">
                      {t('trace.export.addHeader')}
                    </Button>
                  </>
                )}
              </Form.List>
              {/* Enter in a field saves */}
              <button type="submit" hidden />
            </Form>
            <Flex gap="small" align="center" wrap style={{ marginTop: 16 }}>
              <Button
                icon={<SendOutlined />}
                loading={testing}
                disabled={!isHttpUrl(endpoint.trim())}
                title={isHttpUrl(endpoint.trim()) ? undefined : t('trace.export.testEndpointFirst')}
                onClick={() => void test()}
                data-testid="trace-export-test"
              >
                {t('trace.export.test')}
              </Button>
              <Typography.Text type="secondary">{t('trace.export.testHint')}</Typography.Text>
            </Flex>
            {tested && (
              <Alert
                type={tested.ok ? 'success' : 'error'}
                showIcon
                style={{ marginTop: 12 }}
                title={tested.ok ? t('trace.export.testOk') : t('trace.export.testFailed', { message: tested.error ?? '' })}
                data-testid={tested.ok ? 'trace-export-test-ok' : 'trace-export-test-error'}
              />
            )}
            {saveError && <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('trace.export.saveFailed', { message: saveError })} data-testid="trace-export-save-error" />}
          </>
        )}
      </div>
    </Modal>
  )
}
