import { memo } from 'react'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ModelRef, ProvidersSnapshot } from '@shared/chat/providers'
import { modelRef, modelValue } from './modelValue'

/** The chat's model, from every provider's models, grouped by provider. */
export const ModelPicker = memo(function ModelPicker({ providers, value, onChange }: { providers: ProvidersSnapshot; value?: ModelRef; onChange: (ref: ModelRef) => void }) {
  const { t } = useTranslation()
  const options = providers.providers
    .filter((p) => !p.problem)
    .map((p) => ({
      label: p.source === 'env' ? `${p.name} (${t('chat.model.fromEnv')})` : p.name,
      title: p.baseUrl,
      options: p.models.map((model) => ({ value: modelValue({ providerId: p.id, model }), label: model, 'data-testid': `chat-model-option-${model}` }))
    }))
    .filter((group) => group.options.length > 0)
  const current = value ?? providers.defaultModel
  return (
    <Select
      showSearch
      value={current ? modelValue(current) : undefined}
      placeholder={t('chat.model.placeholder')}
      aria-label={t('chat.model.label')}
      options={options}
      onChange={(v: string) => onChange(modelRef(v))}
      labelRender={({ value: v }) => modelRef(String(v)).model}
      style={{ minWidth: 220, maxWidth: 360 }}
      popupMatchSelectWidth={false}
      data-testid="chat-model-picker"
    />
  )
})
