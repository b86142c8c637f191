import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InstallPlan } from '@shared/discovery/installPlan'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { MissingRuntimeNote } from '@renderer/components/runtimes/MissingRuntimeNote'

/** What an entry runs, in full, and the values it asks for (secrets masked); Add puts it in the list, waiting for approval. */
export function DiscoveryReview({ registryUrl, plan, onClose }: { registryUrl: string; plan: InstallPlan; onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, string | undefined>>()
  const [adding, setAdding] = useState(false)
  const [error, setError] = useState<AppError>()

  const add = async () => {
    let values: Record<string, string | undefined>
    try {
      values = await form.validateFields()
    } catch {
      // the form marks the fields that need a value
      return
    }
    setAdding(true)
    setError(undefined)
    try {
      const clean = Object.fromEntries(Object.entries(values).filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== ''))
      await api.discovery.add({ registryUrl, name: plan.name, version: plan.version, values: clean })
      void message.success(t('discovery.added', { name: plan.title ?? plan.name }))
      onClose()
    } catch (e) {
      setError(describeError(e))
    } finally {
      setAdding(false)
    }
  }

  return (
    <Modal open title={t('discovery.reviewTitle', { name: plan.title ?? plan.name })} okText={t('discovery.add')} onOk={() => void add()} confirmLoading={adding} onCancel={onClose} destroyOnHidden width={720} okButtonProps={{ 'data-testid': 'discovery-review-add' } as Record<string, string>}>
      <div data-testid="discovery-review">
        <Typography.Paragraph type="secondary">{t('discovery.reviewIntro')}</Typography.Paragraph>
        <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }} data-testid="discovery-review-target">
          {plan.target}
        </Typography.Paragraph>
        {/* uvx, npx or docker not found here: which one and where to get it, before it is added */}
        {plan.runs !== 'remote' && <MissingRuntimeNote command={plan.runs} style={{ marginBottom: 12 }} />}
        {plan.inputs.length > 0 ? (
          <Form form={form} layout="vertical" initialValues={Object.fromEntries(plan.inputs.map((input) => [input.key, input.default]))}>
            {plan.inputs.map((input) => (
              <Form.Item
                key={input.key}
                name={input.key}
                label={<Typography.Text code>{input.key}</Typography.Text>}
                extra={input.description}
                rules={input.required ? [{ required: true, message: t('discovery.required', { key: input.key }) }] : []}
              >
                {input.choices?.length ? (
                  <Select options={input.choices.map((c) => ({ value: c, label: c }))} allowClear aria-label={input.key} />
                ) : input.secret ? (
                  <Input.Password autoComplete="off" aria-label={input.key} data-testid={`discovery-input-${input.key}`} />
                ) : (
                  <Input aria-label={input.key} data-testid={`discovery-input-${input.key}`} />
                )}
              </Form.Item>
            ))}
          </Form>
        ) : (
          <Typography.Paragraph>{t('discovery.noInputs')}</Typography.Paragraph>
        )}
        <Alert type="info" showIcon title={t('discovery.approvalNote')} />
        {error && <Alert type="error" style={{ marginTop: 12 }} title={<ErrorText error={error} testId="discovery-add-error" />} />}
      </div>
    </Modal>
  )
}
