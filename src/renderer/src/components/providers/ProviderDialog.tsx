import { Alert, App, Form, Input, Modal, Select, type ButtonProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_BASE_URL, MASKED_VALUE, ProviderKindSchema, type ProviderInput, type ProviderKind, type ProviderView } from '@shared/chat/providers'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useSaveProviderMutation } from '@renderer/store/providersApi'
import { ModelsFetcher } from './ModelsFetcher'
import { PresetPicker } from './PresetPicker'
import { baseUrlForKind, CUSTOM_PRESET, emptyForm, fieldMessagesIn, formOf, inputOf, invalidFields, presetById, presetOf, type ProviderField, type ProviderFormValues } from './providerForm'

/** A name for fetching models before the user gave one: the endpoint's host. */
const hostOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host
  } catch {
    return ''
  }
}

/**
 * Add or edit a provider: a preset (new ones only), name, base URL, API key (a saved one shows
 * masked and means "unchanged"), Fetch models, the models (ticked or typed) and the default one.
 * Every field is checked with the contract's own schema; main's refusal is put under the field it names.
 */
export function ProviderDialog({ provider, onClose }: { provider?: ProviderView; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<ProviderFormValues>()
  const [initial] = useState<ProviderFormValues>(() => (provider ? formOf(provider) : emptyForm()))
  const [preset, setPreset] = useState(CUSTOM_PRESET)
  const [saveProvider, { isLoading: saving }] = useSaveProviderMutation()
  const [saveError, setSaveError] = useState<AppError>()
  const values: ProviderFormValues = { ...initial, ...(Form.useWatch([], { form, preserve: true }) as Partial<ProviderFormValues> | undefined) }
  const models = values.models ?? []

  /** The form's values now (what useWatch says follows a render later). */
  const now = (): ProviderFormValues => ({ ...initial, ...(form.getFieldsValue(true) as Partial<ProviderFormValues>) })
  const current = (): ProviderInput => inputOf(now(), provider?.id)
  const rule = (field: ProviderField) => ({
    validator: () => (invalidFields(current()).includes(field) ? Promise.reject(new Error(t(`providers.form.errors.${field}`))) : Promise.resolve())
  })

  // what Fetch models sends: the form as it is, named after its host until it has a name
  const draftOf = (now: ProviderFormValues): ProviderInput | undefined => {
    const input = inputOf({ ...now, name: now.name?.trim() || hostOf(now.baseUrl ?? '') }, provider?.id)
    return invalidFields(input).length === 0 ? input : undefined
  }

  const pickPreset = (id: string) => {
    const was = presetById(preset)
    const next = presetById(id)
    const name = (form.getFieldValue('name') as string | undefined)?.trim() ?? ''
    form.setFieldsValue({
      name: !name || name === was?.name ? (next?.name ?? '') : name,
      // a preset says how to talk to it; Custom keeps the kind chosen
      ...(next ? { kind: next.kind } : {}),
      baseUrl: next?.baseUrl ?? '',
      // another endpoint serves other models
      models: [],
      defaultModel: undefined
    })
    setPreset(id)
  }

  // another kind is another API: its usual address (unless one was typed), and other models
  const pickKind = (kind: ProviderKind) => {
    form.setFieldsValue({ baseUrl: baseUrlForKind(kind, (form.getFieldValue('baseUrl') as string | undefined) ?? ''), models: [], defaultModel: undefined })
    setPreset(CUSTOM_PRESET)
  }

  const setModels = (next: string[]) => {
    const chosen = form.getFieldValue('defaultModel') as string | undefined
    form.setFieldsValue({ models: next, defaultModel: chosen && next.includes(chosen) ? chosen : next[0] })
  }

  const save = async () => {
    const ok = await form.validateFields({ recursive: true }).then(
      () => true,
      () => false
    )
    if (!ok) return
    setSaveError(undefined)
    const input = current()
    try {
      await saveProvider(input).unwrap()
      void message.success(t('providers.form.saved', { name: input.name }))
      onClose()
    } catch (failure) {
      const error = describeError(failure)
      form.setFields(Object.entries(fieldMessagesIn(error.message)).map(([field, text]) => ({ name: field as ProviderField, errors: [text] })))
      setSaveError(error)
    }
  }

  const local = presetOf(values.baseUrl ?? '')?.local ?? false
  const keyHint = values.apiKey === MASKED_VALUE ? t('providers.form.apiKeyMaskedHint') : local ? t('providers.form.apiKeyLocalHint') : t('providers.form.apiKeyHint')

  return (
    <Modal
      open
      title={provider ? t('providers.form.titleEdit', { name: provider.name }) : t('providers.form.titleAdd')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('providers.form.save')}
      cancelText={t('providers.form.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'provider-save' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'provider-cancel' } as ButtonProps}
      width={640}
      destroyOnHidden
    >
      <div data-testid="provider-dialog">
        <Form<ProviderFormValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          validateTrigger="onBlur"
          onValuesChange={(changed: Partial<ProviderFormValues>) => {
            if (changed.models) setModels(changed.models)
            if (changed.kind) pickKind(changed.kind)
          }}
        >
          {!provider && (
            <Form.Item label={t('providers.form.preset')}>
              <PresetPicker value={preset} onChange={pickPreset} />
            </Form.Item>
          )}
          <Form.Item name="kind" label={t('providers.form.kind')} extra={t('providers.form.kindHint')}>
            <Select
              options={ProviderKindSchema.options.map((kind) => ({ value: kind, label: t(`providers.form.kinds.${kind}`) }))}
              aria-label={t('providers.form.kind')}
              data-testid="provider-kind"
            />
          </Form.Item>
          <Form.Item name="name" label={t('providers.form.name')} rules={[rule('name')]}>
            <Input autoComplete="off" data-testid="provider-name" />
          </Form.Item>
          <Form.Item name="baseUrl" label={t('providers.form.baseUrl')} extra={t('providers.form.baseUrlHint')} rules={[rule('baseUrl')]}>
            <Input autoComplete="off" placeholder={DEFAULT_BASE_URL[values.kind ?? 'openai-compatible']} data-testid="provider-base-url" />
          </Form.Item>
          <Form.Item name="apiKey" label={t('providers.form.apiKey')} extra={keyHint} rules={[rule('apiKey')]}>
            {/* focused, the masked value is selected whole, so typing replaces it rather than adding to it */}
            <Input.Password autoComplete="new-password" onFocus={(event) => event.target.select()} data-testid="provider-api-key" />
          </Form.Item>
          {/* drawn again at every change of the form, so a click acts on what the fields hold now */}
          <Form.Item noStyle shouldUpdate>
            {() => {
              const held = now()
              // a new address is a new list: what was fetched for the old one goes
              return <ModelsFetcher key={`${held.kind} ${held.baseUrl}`} draft={draftOf(held)} models={held.models ?? []} onModelsChange={setModels} />
            }}
          </Form.Item>
          <Form.Item name="models" label={t('providers.form.models')} extra={t('providers.form.modelsHint')} rules={[rule('models')]}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} placeholder={t('providers.form.modelsPlaceholder')} data-testid="provider-models" />
          </Form.Item>
          <Form.Item name="defaultModel" label={t('providers.form.defaultModel')} extra={t('providers.form.defaultModelHint')} rules={[rule('defaultModel')]}>
            <Select allowClear options={models.map((model) => ({ value: model, label: model }))} data-testid="provider-default-model" />
          </Form.Item>
        </Form>
        {saveError && <Alert type="error" showIcon title={t('providers.form.saveFailed')} description={<ErrorText error={saveError} />} data-testid="provider-save-error" />}
      </div>
    </Modal>
  )
}
