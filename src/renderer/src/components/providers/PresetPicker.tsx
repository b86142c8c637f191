import { Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { PROVIDER_PRESETS } from '@shared/chat/providers'
import { CUSTOM_PRESET } from './providerForm'

/**
 * The known endpoints a new provider can start from, and Custom. Plain buttons in a row: each is
 * reached with Tab and picked with Enter or Space, and says whether it is the chosen one.
 */
export function PresetPicker({ value, onChange }: { value: string; onChange: (presetId: string) => void }) {
  const { t } = useTranslation()
  const choices = [...PROVIDER_PRESETS.map((preset) => ({ id: preset.id, label: preset.name, local: preset.local })), { id: CUSTOM_PRESET, label: t('providers.form.custom'), local: false }]
  return (
    <Flex wrap gap="small" role="group" aria-label={t('providers.form.preset')}>
      {choices.map((choice) => (
        <Button
          key={choice.id}
          type={value === choice.id ? 'primary' : 'default'}
          aria-pressed={value === choice.id}
          title={choice.local ? t('providers.form.local') : undefined}
          onClick={() => onChange(choice.id)}
          data-testid={`provider-preset-${choice.id}`}
        >
          {choice.label}
        </Button>
      ))}
    </Flex>
  )
}
