import { Descriptions, Tag } from 'antd'
import type { CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import { useTranslation } from 'react-i18next'

/** Max tokens, temperature, stop sequences, context and the model preferences (hints and priorities), as sent. */
export function SamplingRequestDetails({ params }: { params: CreateMessageRequestParams }) {
  const { t } = useTranslation()
  const prefs = params.modelPreferences
  const hints = (prefs?.hints ?? []).map((h) => h.name).filter((name): name is string => Boolean(name))
  const priorities = (['costPriority', 'speedPriority', 'intelligencePriority'] as const).filter((key) => prefs?.[key] !== undefined)

  const items = [
    { key: 'maxTokens', label: t('dialogs.sampling.maxTokens'), children: <span data-testid="sampling-max-tokens">{params.maxTokens}</span> },
    ...(params.temperature !== undefined
      ? [{ key: 'temperature', label: t('dialogs.sampling.temperature'), children: String(params.temperature) }]
      : []),
    ...(params.stopSequences?.length
      ? [{ key: 'stop', label: t('dialogs.sampling.stopSequences'), children: params.stopSequences.map((s) => <Tag key={s}>{JSON.stringify(s)}</Tag>) }]
      : []),
    ...(params.includeContext && params.includeContext !== 'none'
      ? [{ key: 'context', label: t('dialogs.sampling.includeContext'), children: params.includeContext }]
      : []),
    ...(hints.length
      ? [
          {
            key: 'hints',
            label: t('dialogs.sampling.modelHints'),
            children: (
              <span data-testid="sampling-model-hints">
                {hints.map((name) => (
                  <Tag key={name}>{name}</Tag>
                ))}
              </span>
            )
          }
        ]
      : []),
    ...priorities.map((key) => ({ key, label: t(`dialogs.sampling.${key}`), children: <span data-testid={`sampling-${key}`}>{prefs![key]}</span> }))
  ]

  return <Descriptions data-testid="sampling-details" size="small" column={2} bordered title={t('dialogs.sampling.preferences')} items={items} />
}
